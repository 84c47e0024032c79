/** What other features use from the online store: its tab bar (the orders screen shares it). */
export { OnlineStoreTabs } from './components/online-store-tabs';
