// The tune page's behaviour: builds the controls from GET /api/state, renders the preview
// through POST /api/render whenever a control changes, plays the animation, adds taps, saves,
// and follows edits of the file through GET /api/events. No framework, nothing from the
// network; the requests carry the token as the cookie the page's own response set.
//
// Contract: Documentation/TunePage.md ("API", "The page's DOM").
"use strict";

const $ = (selector) => document.querySelector(selector);

/** Everything the page knows. */
const page = {
  state: null,        // the last GET /api/state document
  config: null,       // the working copy of the config document (what renders and saves)
  time: 0,            // the clock, seconds
  playing: false,
  sent: 0,            // the sequence number of the newest render request sent
  shown: 0,           // the sequence number of the frame on screen
  imageURL: null,     // the object URL of the frame on screen
  playbackFrames: [], // when the recent frames were shown while playing (ms)
};

window.layerfxLatencyMs = null;
window.layerfxPlaybackFPS = 0;

// MARK: - Start

/** Loads the state and builds the page from it; called again after the file changed. */
async function load() {
  const response = await fetch("/api/state");
  const body = await response.json();
  if (!response.ok) {
    showError(body);
    return;
  }
  page.state = body;
  page.config = structuredClone(body.config);
  $("#file").textContent = `version ${body.version}`;
  if (page.time > body.duration) page.time = 0;
  if (page.shown === 0) page.time = initialTime(body);
  buildClock();
  buildOverlays();
  buildEffects();
  buildTaps();
  buildTracks();
  fitFrame();
  render();
}

/** The first frame's time: the config's output.time, else a fifth of the animation (as
 *  file-based tune's first preview frame), where a ripple is in full swing. */
function initialTime(state) {
  const time = state.config.output?.time;
  return typeof time === "number" ? Math.min(time, state.duration) : state.duration / 5;
}

// MARK: - Rendering

/** Asks for the frame at the current time, with the working config. `eventTime` is when the
 *  input event that asked for it happened (performance.now()), for the latency. The newest
 *  request wins: an older answer that arrives late is dropped, and the server answers 409 to
 *  one superseded before it ran. */
async function render(eventTime = performance.now()) {
  const sequence = ++page.sent;
  const request = {
    config: page.config,
    time: page.time,
    width: previewWidth(),
    overlays: checkedOverlays(),
  };
  let response;
  try {
    response = await fetch("/api/render", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
  } catch (error) {
    setStatus(`cannot reach the server: ${error.message}`, true);
    return;
  }
  if (response.status === 409) return; // a newer request is on its way
  if (!response.ok) {
    if (sequence === page.sent) showError(await response.json());
    if (page.playing) togglePlay(); // an error stops playback
    return;
  }
  const blob = await response.blob();
  // Playback asks for the next frame now, so the server renders it while this one decodes.
  if (page.playing && sequence === page.sent) nextPlaybackFrame();
  if (sequence < page.shown) return;
  showBounds(response.headers);
  show(blob, sequence, eventTime);
}

/** Puts a rendered PNG on screen; counts it once the image has loaded. */
function show(blob, sequence, eventTime) {
  const url = URL.createObjectURL(blob);
  const image = $("#preview");
  image.onload = () => {
    if (page.imageURL) URL.revokeObjectURL(page.imageURL);
    page.imageURL = url;
    page.shown = sequence;
    document.body.dataset.frames = String(Number(document.body.dataset.frames) + 1);
    window.layerfxLatencyMs = performance.now() - eventTime;
    clearError();
    if (page.playing) countPlaybackFrame();
  };
  image.src = url;
}

/** The preview's width in device pixels: as wide as it shows, at most the input's. */
function previewWidth() {
  const shown = $("#frame").clientWidth * (window.devicePixelRatio || 1);
  const own = page.state.size[0] * (page.config.scale ?? 1);
  return Math.max(1, Math.min(4096, Math.round(Math.min(shown || own, own))));
}

/** Sizes the frame to fit the stage and the window, keeping the input's aspect ratio. */
function fitFrame() {
  if (!page.state) return;
  const [width, height] = page.state.size;
  const room = Math.min($("#stage").clientWidth, (window.innerHeight - 180) * (width / height));
  $("#frame").style.width = `${Math.max(160, Math.floor(room))}px`;
  placeHandles();
}

// MARK: - Errors and status

/** Shows an API error in #status and beside the control its path names; the preview keeps
 *  the last good frame. */
function showError(body) {
  const line = body.line ? ` (line ${body.line})` : "";
  setStatus(body.error + line, true);
  for (const row of document.querySelectorAll(".parameter.invalid")) row.classList.remove("invalid");
  const match = /^effects\[(\d+)\]\.(\w+)$/.exec(body.path || "");
  const row = match && document.querySelector(
    `.parameter[data-effect="${match[1]}"][data-parameter="${match[2]}"]`);
  if (row) {
    row.classList.add("invalid");
    row.querySelector(".message").textContent = body.error;
  }
}

function clearError() {
  for (const row of document.querySelectorAll(".parameter.invalid")) {
    row.classList.remove("invalid");
    row.querySelector(".message").textContent = "";
  }
  if ($("#status").classList.contains("error")) setStatus("", false);
}

function setStatus(text, isError) {
  $("#status").textContent = text;
  $("#status").classList.toggle("error", isError);
}

/** The bounds checker's line and suggested maxSampleOffset, from a render's headers. */
function showBounds(headers) {
  const line = headers.get("X-LayerFX-Bounds");
  const suggested = headers.get("X-LayerFX-Suggested-Max-Sample-Offset");
  $("#bounds").textContent = line
    ? `bounds: ${line}` + (suggested ? ` — suggested maxSampleOffset [${suggested}]` : "")
    : page.state.boundsCheck ? "" : "bounds check off (set debug.checkBounds to run it)";
}

// MARK: - Effects' parameters

/** One block per effect: a slider and a number field per float parameter, a note for the
 *  parameters the clock or the view drive, and a handle on the preview per position. */
function buildEffects() {
  const container = $("#effects");
  container.replaceChildren();
  for (const handle of document.querySelectorAll(".handle")) handle.remove();
  for (const effect of page.state.effects) {
    const block = element("section", { class: "effect" });
    block.append(element("h2", {}, `effects[${effect.index}]: ${effect.kernel} (${effect.kind})`));
    for (const parameter of effect.parameters) {
      if (parameter.type === "float" && parameter.role === "value") {
        block.append(slider(effect.index, parameter));
      } else if (parameter.type === "float2" && parameter.role === "position") {
        addHandle(effect.index, parameter);
        block.append(note(`${parameter.name}: drag the point on the preview`));
      } else if (parameter.role === "timeSinceTrigger") {
        block.append(note(`${parameter.name} (${parameter.unit}): the clock, since each tap`));
      }
    }
    container.append(block);
  }
}

/** A float parameter's row: the label with its unit, a range input over the suggested range
 *  and a number field limited to the valid range.
 *
 *  The range input has step "any", so its thumb sits exactly at the value (a step of a
 *  thousandth of the range put decay 8 at 8.006 on 2…15); a drag is rounded to the power of ten
 *  at or below that thousandth (0.01 on 2…15, 1 on 300…3000), so values stay short, and to a
 *  whole number for a parameter that takes only those (`wholeNumber`, the noise's seed). */
function slider(index, parameter) {
  const [low, high] = sliderRange(parameter);
  const thousandth = Math.floor(Math.log10((high - low) / 1000));
  const digits = parameter.wholeNumber ? Math.max(thousandth, 0) : thousandth;
  const value = currentValue(index, parameter);
  const attributes = { "data-effect": index, "data-parameter": parameter.name };
  const row = element("div", { class: "parameter", ...attributes });
  const id = `p${index}-${parameter.name}`;
  const label = element("label", { for: id, title: parameter.summary }, parameter.name);
  if (parameter.unit) label.append(" ", element("span", { class: "unit" }, `(${parameter.unit})`));
  const range = element("input", {
    type: "range", id, min: low, max: high, step: "any", value, ...attributes,
  });
  const number = element("input", {
    type: "number", step: parameter.wholeNumber ? 1 : "any", value, ...attributes,
  });
  const [validLow, validHigh] = parameter.validRange || [null, null];
  if (validLow !== null) number.min = validLow;
  if (validHigh !== null) number.max = validHigh;
  const set = (text, event) => {
    const entered = Number(text);
    if (text === "" || !Number.isFinite(entered)) return;
    const clamped = clamp(entered, validLow, validHigh);
    range.min = Math.min(Number(range.min), clamped);
    range.max = Math.max(Number(range.max), clamped);
    range.value = number.value = clamped;
    page.config.effects[index][parameter.name] = clamped;
    render(event.timeStamp);
  };
  range.addEventListener("input", (event) => set(rounded(range.value, digits), event));
  number.addEventListener("change", (event) => set(number.value, event));
  row.append(label, element("div", { class: "row" }, range, number),
    element("div", { class: "message" }));
  const note = trackNote(index, parameter.name);
  if (note) row.append(element("p", { class: "note" }, note));
  return row;
}

/** What a keyframe track of the parameter does to its value (Semantics.md §7): a track
 *  starts from the value, unless its first keyframe is a move, which overrides it. */
function trackNote(index, name) {
  const track = page.config.effects[index].keyframes?.[name];
  if (!Array.isArray(track)) return null;
  return track[0]?.type === "move"
    ? "overridden by its keyframe track, which starts with a move"
    : "animated by its keyframe track, which starts from this value";
}

/** The slider's range: the suggested range, widened to hold the current value, else the valid
 *  range, else 0 to twice the value. */
function sliderRange(parameter) {
  const value = parameter.value ?? parameter.default ?? 0;
  const [low, high] = parameter.suggestedRange
    || (parameter.validRange && parameter.validRange[1] !== null ? parameter.validRange : null)
    || [Math.min(0, value), Math.max(1, 2 * Math.abs(value))];
  return [Math.min(low, value), Math.max(high, value)];
}

function currentValue(index, parameter) {
  const own = page.config.effects[index][parameter.name];
  return typeof own === "number" ? own : parameter.value ?? parameter.default ?? 0;
}

/** `text`'s number rounded to a multiple of 10^exponent, printed without a binary residue
 *  (8.12, not 8.120000000000001); unrounded when the exponent is not finite (an empty range). */
function rounded(text, exponent) {
  const value = Number(text);
  if (!Number.isFinite(exponent)) return value;
  const places = Math.max(0, -exponent);
  return Number((Math.round(value / 10 ** exponent) * 10 ** exponent).toFixed(places));
}

function clamp(value, low, high) {
  return Math.min(high ?? Infinity, Math.max(low ?? -Infinity, value));
}

// MARK: - Positions: draggable points on the preview

/** A handle for a float2 position; dragging it sets the parameter (points), which replaces
 *  the taps' points for that effect. */
function addHandle(index, parameter) {
  const handle = element("div", {
    class: "handle", "data-effect": index, "data-parameter": parameter.name,
    title: `${parameter.name}: drag to move`,
  });
  handle.addEventListener("pointerdown", (event) => {
    handle.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  handle.addEventListener("pointermove", (event) => {
    if (!handle.hasPointerCapture(event.pointerId)) return;
    page.config.effects[index][parameter.name] = pointAt(event);
    placeHandles();
    render(event.timeStamp);
  });
  $("#frame").append(handle);
}

/** Places every handle at its point: the parameter's value, else the first tap's point, else
 *  the centre (where the render puts it). */
function placeHandles() {
  if (!page.state) return;
  const [width, height] = page.state.size;
  for (const handle of document.querySelectorAll(".handle")) {
    const own = page.config.effects[handle.dataset.effect][handle.dataset.parameter];
    const [x, y] = Array.isArray(own) ? own
      : page.config.triggers?.[0]?.point ?? [width / 2, height / 2];
    handle.style.left = `${(100 * x) / width}%`;
    handle.style.top = `${(100 * y) / height}%`;
  }
}

/** The point under a pointer event, in the input's points, within the image. */
function pointAt(event) {
  const box = $("#preview").getBoundingClientRect();
  const [width, height] = page.state.size;
  const x = clamp(((event.clientX - box.left) / box.width) * width, 0, width);
  const y = clamp(((event.clientY - box.top) / box.height) * height, 0, height);
  return [round(x, 1), round(y, 1)];
}

function round(value, digits) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

// MARK: - Taps (the config's triggers)

/** A click on the preview adds a tap at that point, at the current time, as the session's
 *  onTapGesture starts a ripple there. The first replaces the default tap (the centre at 0). */
function addTap(event) {
  const triggers = page.config.triggers || (page.config.triggers = []);
  triggers.push({ point: pointAt(event), time: round(page.time, 3) });
  buildTaps();
  placeHandles();
  render(event.timeStamp);
}

function buildTaps() {
  const list = $("#taps");
  list.replaceChildren();
  const triggers = page.config.triggers || [];
  // Without taps the render has one at the centre at 0 s; the list holds only real ones.
  $("#taps-default").hidden = triggers.length > 0;
  triggers.forEach((trigger, position) => {
    const [x, y] = trigger.point;
    const remove = element("button", { type: "button", class: "remove", title: "remove" }, "✕");
    remove.addEventListener("click", (event) => {
      triggers.splice(position, 1);
      if (triggers.length === 0) delete page.config.triggers;
      buildTaps();
      placeHandles();
      render(event.timeStamp);
    });
    list.append(element("li", {}, `(${x}, ${y}) at ${trigger.time} s`, remove));
  });
}

// MARK: - Overlays

function buildOverlays() {
  const configured = page.config.debug?.overlays;
  const names = Array.isArray(configured) ? configured
    : typeof configured === "string" ? configured.split(",").map((name) => name.trim()) : [];
  for (const box of document.querySelectorAll("input[name=overlay]")) {
    box.checked = names.includes(box.value);
  }
}

function checkedOverlays() {
  return [...document.querySelectorAll("input[name=overlay]:checked")].map((box) => box.value);
}

// MARK: - The clock

function buildClock() {
  const time = $("#time");
  time.max = page.state.duration;
  time.step = 1 / page.state.fps;
  setTime(page.time);
}

/** Moves the clock (and the tracks' marks) to `seconds`. */
function setTime(seconds) {
  page.time = seconds;
  $("#time").value = seconds;
  $("#time-text").textContent = `${seconds.toFixed(3)} s`;
  for (const line of document.querySelectorAll("svg.track line.now")) {
    const x = (1000 * seconds) / Math.max(page.state.duration, 1e-9);
    line.setAttribute("x1", x);
    line.setAttribute("x2", x);
  }
}

/** Playback: each frame is asked for when the previous one has arrived (one request in
 *  flight while the browser decodes the last), at the time the wall clock has reached since
 *  play was pressed, so the frame rate is what the server and the browser sustain. */
function togglePlay() {
  page.playing = !page.playing;
  $("#play").textContent = page.playing ? "❚❚" : "▶";
  $("#play").setAttribute("aria-label", page.playing ? "pause" : "play");
  if (!page.playing) return;
  if (page.time >= page.state.duration) setTime(0);
  page.playStart = performance.now() - page.time * 1000;
  page.playbackFrames = [];
  render();
}

/** Counts a frame shown while playing; the rate is over the last second. */
function countPlaybackFrame() {
  const now = performance.now();
  page.playbackFrames.push(now);
  while (page.playbackFrames[0] < now - 1000) page.playbackFrames.shift();
  if (page.playbackFrames.length > 1) {
    const span = (now - page.playbackFrames[0]) / 1000;
    window.layerfxPlaybackFPS = round((page.playbackFrames.length - 1) / span, 1);
    $("#fps").textContent = `${window.layerfxPlaybackFPS.toFixed(1)} fps`;
  }
}

/** Asks for the frame at the wall clock's time since play was pressed, looping. */
function nextPlaybackFrame() {
  const now = performance.now();
  let seconds = (now - page.playStart) / 1000;
  const duration = page.state.duration;
  if (seconds > duration) {
    // Loop, as the session's animation replays.
    page.playStart = now;
    seconds = 0;
  }
  setTime(seconds);
  render(now);
}

// MARK: - Keyframe tracks

/** One SVG per track: its samples as a curve (time across, value up) and the current time as
 *  a vertical line. */
function buildTracks() {
  const container = $("#tracks");
  container.replaceChildren();
  $("#track-list").hidden = page.state.tracks.length === 0;
  const svg = "http://www.w3.org/2000/svg";
  for (const track of page.state.tracks) {
    const values = track.samples.map(([, value]) => value);
    const low = Math.min(...values);
    const span = Math.max(...values) - low || 1;
    const duration = Math.max(page.state.duration, 1e-9);
    const points = track.samples.map(([time, value]) =>
      `${((1000 * time) / duration).toFixed(1)},${(95 - (90 * (value - low)) / span).toFixed(1)}`);
    const drawing = document.createElementNS(svg, "svg");
    drawing.setAttribute("class", "track");
    drawing.setAttribute("viewBox", "0 0 1000 100");
    drawing.setAttribute("preserveAspectRatio", "none");
    drawing.dataset.effect = track.effect;
    drawing.dataset.parameter = track.parameter;
    const curve = document.createElementNS(svg, "path");
    curve.setAttribute("d", `M${points.join("L")}`);
    curve.setAttribute("vector-effect", "non-scaling-stroke");
    const now = document.createElementNS(svg, "line");
    now.setAttribute("class", "now");
    now.setAttribute("y1", 0);
    now.setAttribute("y2", 100);
    now.setAttribute("vector-effect", "non-scaling-stroke");
    drawing.append(curve, now);
    container.append(
      element("div", { class: "track-name" },
        `effects[${track.effect}].${track.parameter}: ${low.toPrecision(3)} … ${(low + span).toPrecision(3)}`),
      drawing);
  }
  setTime(page.time);
}

// MARK: - Save and the file's events

async function save() {
  const response = await fetch("/api/save", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ config: page.config }),
  });
  const body = await response.json();
  if (!response.ok) {
    showError(body);
    return;
  }
  // Our own save: the file's event for this version needs no reload.
  page.state.version = body.version;
  $("#file").textContent = `version ${body.version}`;
  setStatus("saved", false);
}

/** Each change of the file on disk by anyone else reloads the page's state. */
function follow() {
  const events = new EventSource("/api/events");
  events.addEventListener("config", (event) => {
    const { version } = JSON.parse(event.data);
    if (!page.state || version !== page.state.version) load();
  });
}

// MARK: - Helpers

/** An element with attributes and children (nodes or text). */
function element(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function note(text) {
  return element("p", { class: "note" }, text);
}

// MARK: - Wiring

$("#preview").addEventListener("click", addTap);
$("#play").addEventListener("click", togglePlay);
$("#time").addEventListener("input", (event) => {
  setTime(Number($("#time").value));
  render(event.timeStamp);
});
for (const box of document.querySelectorAll("input[name=overlay]")) {
  box.addEventListener("change", (event) => render(event.timeStamp));
}
$("#save").addEventListener("click", save);
window.addEventListener("resize", fitFrame);
load();
follow();
