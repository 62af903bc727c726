// Tiny synthesized sounds (no audio files): a card snap, a trick swept in, your turn, a refusal.
const KEY = "joker.sound";
let ctx = null;
let on = true;
try { on = localStorage.getItem(KEY) !== "off"; } catch (e) { /* ignore */ }

export function soundOn() { return on; }
export function setSound(v) {
  on = !!v;
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* ignore */ }
}

function ac() {
  if (!ctx) {
    const C = window.AudioContext || window.webkitAudioContext;
    if (!C) return null;
    try { ctx = new C(); } catch (e) { return null; }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// Called from a click (PLAY / CONTINUE): browsers let audio start only after a user gesture.
export function unlock() { if (on) ac(); }

function tone(freq, dur, type = "sine", gain = 0.06, when = 0) {
  const c = ac();
  if (!c) return;
  const t0 = c.currentTime + when;
  const o = c.createOscillator(), g = c.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(c.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

function snap() {
  const c = ac();
  if (!c) return;
  const n = Math.floor(c.sampleRate * 0.04);
  const buf = c.createBuffer(1, n, c.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 3);
  const src = c.createBufferSource(), g = c.createGain(), f = c.createBiquadFilter();
  f.type = "bandpass"; f.frequency.value = 2400;
  g.gain.value = 0.35;
  src.buffer = buf;
  src.connect(f).connect(g).connect(c.destination);
  src.start();
}

export function play(kind) {
  if (!on || document.documentElement.dataset.pace === "instant") return;
  try {
    if (kind === "card") snap();
    else if (kind === "trick") { tone(520, 0.12, "triangle", 0.05); tone(780, 0.16, "triangle", 0.05, 0.08); }
    else if (kind === "turn") tone(880, 0.12, "sine", 0.04);
    else if (kind === "error") tone(160, 0.18, "square", 0.03);
    else if (kind === "deal") tone(660, 0.08, "triangle", 0.03);
  } catch (e) { /* sound is never worth an error */ }
}
