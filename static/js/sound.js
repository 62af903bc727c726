// Short sounds synthesized in JS (no audio files): cards dealt, a card played, a trick
// swept in, your turn, a refusal, and the end of a deal for you: bid made, bid missed, khishti.
// The mute switch is remembered in localStorage (store.key("sound") = on | off).
import * as store from "./store.js";

const KEY = store.key("sound");
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

// The sounds are synthesized here, in JS, into short WAV files (one per effect, made at its first
// use) played by <audio> elements, not by WebAudio: the first `new AudioContext()` of a page costs
// its main thread 64-104 ms on a phone-class CPU (4x CPU throttling, docs/STARTUP.md; Chromium
// loads and starts its audio rendering there, whatever the context's options), one long task that
// no moment of a game is free for. An <audio> element's play() returns at once (under 2 ms, same
// measure); decoding and output run on the browser's media threads.
const RATE = 24000;    // samples per second: the highest tone is 880 Hz, the noise bands 3 kHz
const POOL = 4;        // sounds that may overlap (a card and "your turn", a trick's two tones)
const urls = {};       // effect -> blob: URL of its WAV
const players = [];    // the <audio> elements, started once inside a click (see unlock)
let next = 0;
let unlocked = false;

// A mono 16-bit WAV file of the samples (floats, -1..1).
function wav(x) {
  const n = x.length, d = new DataView(new ArrayBuffer(44 + n * 2));
  const text = (at, s) => { for (let i = 0; i < s.length; i++) d.setUint8(at + i, s.charCodeAt(i)); };
  text(0, "RIFF"); d.setUint32(4, 36 + n * 2, true); text(8, "WAVE"); text(12, "fmt ");
  d.setUint32(16, 16, true); d.setUint16(20, 1, true); d.setUint16(22, 1, true); d.setUint32(24, RATE, true);
  d.setUint32(28, RATE * 2, true); d.setUint16(32, 2, true); d.setUint16(34, 16, true);
  text(36, "data"); d.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) d.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, x[i])) * 32767), true);
  return URL.createObjectURL(new Blob([d.buffer], { type: "audio/wav" }));
}

// What an effect's tones and noises add up to (WebAudio's semantics, computed by hand): parts are
// [start s, end s, sample(t) with t in s from the part's start].
function mix(parts) {
  const end = Math.max(...parts.map((p) => p[1]));
  const x = new Float32Array(Math.ceil(end * RATE) + 1);
  for (const [from, to, part] of parts) {
    const i0 = Math.round(from * RATE), i1 = Math.min(x.length, Math.round(to * RATE));
    for (let i = i0; i < i1; i++) x[i] += part((i - i0) / RATE, i - i0);
  }
  return x;
}

// An exponential ramp from a to b over d seconds, held after (WebAudio's exponentialRamp).
const ramp = (a, b, d, t) => a * Math.pow(b / a, Math.min(1, t / d));
const WAVE = {
  sine: (p) => Math.sin(2 * Math.PI * p),
  square: (p) => (p < 0.5 ? 1 : -1),
  triangle: (p) => 1 - 4 * Math.abs(p - 0.5),
  sawtooth: (p) => 2 * p - 1,
};

// One enveloped oscillator; slide: frequency at the end (a glide), or null.
function tone(freq, dur, type = "sine", gain = 0.06, when = 0, slide = null) {
  let phase = 0;
  return [when, when + dur + 0.02, (t) => {
    const f = slide ? ramp(freq, slide, dur, t) : freq;
    phase = (phase + f / RATE) % 1;
    const g = t < 0.01 ? ramp(0.0001, gain, 0.01, t) : ramp(gain, 0.0001, dur - 0.01, t - 0.01);
    return WAVE[type](phase) * g;
  }];
}

// A burst of filtered noise (a band-pass biquad, Q 1, as WebAudio's): the snap of a card on
// cloth (or the riffle of a deal).
function noise(dur = 0.04, freq = 2400, gain = 0.35, when = 0) {
  const n = Math.floor(RATE * dur);
  const w0 = 2 * Math.PI * freq / RATE, alpha = Math.sin(w0) / 2, a0 = 1 + alpha;
  const b0 = alpha / a0, b2 = -alpha / a0, a1 = -2 * Math.cos(w0) / a0, a2 = (1 - alpha) / a0;
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  return [when, when + dur, (t, i) => {
    const x = (Math.random() * 2 - 1) * Math.pow(1 - i / n, 3);
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1; x1 = x; y2 = y1; y1 = y;
    return y * gain;
  }];
}

// Called from a click (PLAY / CONTINUE) and at any tap or key until it worked: a browser lets a
// page's audio start only after a user gesture, and some (Safari) each <audio> element only once
// it was started inside one: the pool is started there, silently.
export function unlock() {
  if (!on || unlocked) return;
  unlocked = true;
  if (!urls.silence) urls.silence = wav(new Float32Array(RATE / 50));
  while (players.length < POOL) players.push(new Audio());
  for (const a of players) {
    a.src = urls.silence;
    a.play().catch((e) => { if (e.name === "NotAllowedError") unlocked = false; });  // (AbortError: cut by a sound)
  }
}
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => unlock(), { capture: true, passive: true });
}

// Each effect: its parts, mixed into one WAV at its first use.
const EFFECTS = {
  card: () => [noise()],
  deal: () => [0, 1, 2, 3, 4].map((i) => noise(0.03, 2000 + i * 150, 0.22, i * 0.055)),
  trick: () => [tone(520, 0.12, "triangle", 0.05), tone(780, 0.16, "triangle", 0.05, 0.08)],
  turn: () => [tone(880, 0.12, "sine", 0.04)],
  error: () => [tone(160, 0.18, "square", 0.03)],
  bid_made: () => [tone(523, 0.12, "triangle", 0.05), tone(659, 0.12, "triangle", 0.05, 0.1), tone(784, 0.22, "triangle", 0.05, 0.2)],
  bid_missed: () => [tone(392, 0.16, "sine", 0.05), tone(330, 0.24, "sine", 0.05, 0.14)],
  khishti: () => [tone(220, 0.45, "sawtooth", 0.035, 0, 90), noise(0.08, 300, 0.3, 0.02)],
};

export function play(kind) {
  const quiet = !on || document.documentElement.dataset.pace === "instant";
  log.push({ kind, played: !quiet });
  if (log.length > 200) log.shift();
  if (quiet || !EFFECTS[kind] || !players.length) return;
  try {
    if (!urls[kind]) urls[kind] = wav(mix(EFFECTS[kind]()));
    const a = players[next];
    next = (next + 1) % players.length;
    a.src = urls[kind];
    a.play().catch(() => {});  // not allowed yet (no gesture): the next tap or key unlocks
  } catch (e) { /* sound is never worth an error */ }
}
