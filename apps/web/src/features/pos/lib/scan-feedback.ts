/**
 * What a hand-held scanner does on a read, where the device can: a short beep (high when the item
 * went in, low when not) and a buzz. Silent where sound or vibration is not available.
 */
export const scanFeedback = (ok: boolean) => {
  try {
    navigator.vibrate?.(ok ? 80 : [60, 60, 60]);
  } catch {
    // No vibration motor, or not allowed: nothing to do.
  }
  try {
    const Ctx =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = 'square';
    tone.frequency.value = ok ? 1760 : 330;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(ctx.destination);
    tone.onended = () => void ctx.close();
    tone.start();
    tone.stop(ctx.currentTime + (ok ? 0.09 : 0.25));
  } catch {
    // Audio blocked: the on-screen message still says what happened.
  }
};
