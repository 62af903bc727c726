// Short sounds synthesized with WebAudio (no audio files): cards dealt, a card played, a trick
// swept in, your turn, a refusal, and the end of a deal for you: bid made, bid missed, khishti.
// The mute switch is remembered in localStorage (store.key("sound") = on | off).
import * as store from "./store.js";

const KEY = store.key("sound");
let ctx = null;
let on = true;
const log = [];  // the last effects asked for (tests read it via window.jokerUI.sounds())

{
  const saved = store.read(KEY);
  if (saved === "off") on = false;
  else if (saved !== null && saved !== "on") {  // tampered: this key alone starts afresh (sound on)
    store.badEntry(KEY, saved, "storage.sound_reset");
  }
}

export function soundOn() { return on; }
export function setSound(v) {
  on = !!v;
  store.write(KEY, on ? "on" : "off", "storage.what.sound");
  document.documentElement.dataset.sound = on ? "on" : "off";
}
document.documentElement.dataset.sound = on ? "on" : "off";
export function history() { return log.slice(); }

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
// The context is made in a task of its own right after the click: making one waits for the
// browser's audio service (in Chromium a synchronous call for the output device: 60-680 ms
// measured here on a loaded machine, tools/bench_longtasks.py), which must not hold the click's
// own response. The user activation the click gave lasts for it; should a browser still start it
// suspended, the next tap or key resumes it.
export function unlock() {
  if (on && !ctx) setTimeout(() => { if (on) ac(); }, 0);
}
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { if (ctx && ctx.state !== "running" && on) ctx.resume().catch(() => {}); }, { capture: true, passive: true });
}

// One enveloped oscillator; slide: frequency at the end (a glide), or null.
function tone(freq, dur, type = "sine", gain = 0.06, when = 0, slide = null) {
  const c = ac();
  if (!c) return;
  const t0 = c.currentTime + when;
  const o = c.createOscillator(), g = c.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  if (slide) o.frequency.exponentialRampToValueAtTime(slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(c.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

// A burst of filtered noise: the snap of a card on cloth (or the riffle of a deal).
function noise(dur = 0.04, freq = 2400, gain = 0.35, when = 0) {
  const c = ac();
  if (!c) return;
  const n = Math.floor(c.sampleRate * dur);
  const buf = c.createBuffer(1, n, c.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 3);
  const src = c.createBufferSource(), g = c.createGain(), f = c.createBiquadFilter();
  f.type = "bandpass"; f.frequency.value = freq;
  g.gain.value = gain;
  src.buffer = buf;
  src.connect(f).connect(g).connect(c.destination);
  src.start(c.currentTime + when);
}

const EFFECTS = {
  card: () => noise(),
  deal: () => { for (let i = 0; i < 5; i++) noise(0.03, 2000 + i * 150, 0.22, i * 0.055); },
  trick: () => { tone(520, 0.12, "triangle", 0.05); tone(780, 0.16, "triangle", 0.05, 0.08); },
  turn: () => tone(880, 0.12, "sine", 0.04),
  error: () => tone(160, 0.18, "square", 0.03),
  bid_made: () => { tone(523, 0.12, "triangle", 0.05); tone(659, 0.12, "triangle", 0.05, 0.1); tone(784, 0.22, "triangle", 0.05, 0.2); },
  bid_missed: () => { tone(392, 0.16, "sine", 0.05); tone(330, 0.24, "sine", 0.05, 0.14); },
  khishti: () => { tone(220, 0.45, "sawtooth", 0.035, 0, 90); noise(0.08, 300, 0.3, 0.02); },
};

export function play(kind) {
  const quiet = !on || document.documentElement.dataset.pace === "instant";
  log.push({ kind, played: !quiet });
  if (log.length > 200) log.shift();
  if (quiet || !EFFECTS[kind]) return;
  try { EFFECTS[kind](); } catch (e) { /* sound is never worth an error */ }
}
