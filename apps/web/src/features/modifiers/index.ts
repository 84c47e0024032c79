/** What other features use from modifiers: the sets and the picker of the product form. */
export { useModifierSets, modifierSetKeys } from './api/modifier-sets';
export {
  ModifierSetPicker,
  ModifierSetsPanel,
  type ModifierSelection,
  type SelectModeProps as ModifierSetPickerProps,
} from './components/modifier-sets-panel';
