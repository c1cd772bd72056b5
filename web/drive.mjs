//! Plays the built page (web/dist) in headless Chromium through the DevTools protocol, with no npm
//! package: `smoke` checks that the title is drawn (exit 1 if not), `tour DIR` plays both games and
//! the editor, checks saves, export and import, and keeps screenshots in DIR.
//!
//!   node --experimental-websocket web/drive.mjs smoke
//!   node --experimental-websocket web/drive.mjs tour docs/screenshots
//!
//! Chromium is $CHROMIUM, else chromium, chromium-browser or google-chrome on the PATH. No GPU is
//! needed: WebGPU runs on SwiftShader's Vulkan. Every console line of the page is printed.

import { spawn, execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from "node:fs";
import { join, extname, resolve } from "node:path";
import { tmpdir } from "node:os";

// Without a GPU, Chromium's WebGPU (Dawn) opens SwiftShader's Vulkan either way, but unless
// Chromium itself runs on Vulkan (the Vulkan feature, SwiftShader's Vulkan) with ANGLE on
// SwiftShader, the compositor cannot take the canvas's frames ("Could not find
// SharedImageBackingFactory ... WebgpuSwapChainTexture") and the canvas shows white. docs/web.md
// lists the sets tried. $WEB_DRIVE_GPU_FLAGS replaces this set, to try another.
const GPU_FLAGS = process.env.WEB_DRIVE_GPU_FLAGS?.split(" ").filter(Boolean) ?? [
  "--enable-unsafe-webgpu", "--use-angle=swiftshader", "--enable-features=Vulkan", "--use-vulkan=swiftshader",
];
// WEB_DRIVE_HEADFUL=1 opens a real window instead (under Xvfb, say), to compare. --no-sandbox:
// Chromium will not start as root with its sandbox, and CI containers run as root.
const FLAGS = [
  ...(process.env.WEB_DRIVE_HEADFUL ? [] : ["--headless"]),
  "--no-sandbox", "--no-first-run", "--no-default-browser-check", "--mute-audio", ...GPU_FLAGS,
];
const WIDTH = 1280;
const HEIGHT = 720;
/// The title's name and menu are amber (red well above blue): on the title screen about 1.5% of the
/// screenshot's pixels are, on a black page none, and on a white one (how Chromium shows a canvas
/// it could not present) none either.
const AMBER_SHARE = 0.005;
/// The page's own storage entries (src/app/persist/browser.rs).
const PREFIX = "hollowdeep:";

const [scenario = "smoke", outDir] = process.argv.slice(2);
if (typeof WebSocket === "undefined") {
  console.error("web/drive.mjs needs WebSocket: run it with node --experimental-websocket (Node 20) or Node 22+.");
  process.exit(2);
}
const started = Date.now();
const stamp = () => ((Date.now() - started) / 1000).toFixed(1).padStart(6);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const problems = [];

// --- a static server for web/dist --------------------------------------------------------------
const root = resolve(new URL(".", import.meta.url).pathname, "dist");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
const server = createServer((request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  const file = join(root, path.endsWith("/") ? path + "index.html" : path);
  try {
    const body = readFileSync(file);
    response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
// WebGPU needs a secure context: localhost is one.
const pageUrl = `http://localhost:${server.address().port}/`;

// --- Chromium and its DevTools socket ----------------------------------------------------------
function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`]).toString().trim();
    } catch {}
  }
  console.error("web/drive.mjs: no Chromium found; install it (apt-get install -y chromium) or set CHROMIUM.");
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), "hollowdeep-chromium-"));
const downloads = mkdtempSync(join(tmpdir(), "hollowdeep-downloads-"));
const chrome = spawn(chromiumPath(), [`--user-data-dir=${profile}`, "--remote-debugging-port=0",
  `--window-size=${WIDTH},${HEIGHT}`, ...FLAGS, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
let chromeLog = "";
const browserSocket = await new Promise((ok, fail) => {
  chrome.stderr.on("data", (data) => {
    chromeLog += data;
    const found = /DevTools listening on (ws:\S+)/.exec(chromeLog);
    if (found) ok(found[1]);
  });
  setTimeout(() => fail(new Error(`Chromium did not open DevTools in 30 s:\n${chromeLog}`)), 30000);
});
const port = new URL(browserSocket).port;
const target = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()).find((t) => t.type === "page");
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((ok) => socket.addEventListener("open", ok));

let nextId = 0;
const waiting = new Map();
let loadedLine = 0;
socket.addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  if (message.id) {
    const [ok, fail] = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) fail(new Error(JSON.stringify(message.error)));
    else ok(message.result);
    return;
  }
  const p = message.params;
  if (message.method === "Runtime.consoleAPICalled") {
    const text = p.args.map((a) => a.value ?? a.description ?? a.type).join(" ");
    console.log(stamp(), `console.${p.type}:`, text);
    if (text.startsWith("hollowdeep: module loaded")) loadedLine++;
    if (p.type === "error" || p.type === "warning") problems.push(`console.${p.type}: ${text}`);
  } else if (message.method === "Runtime.exceptionThrown") {
    const text = p.exceptionDetails.exception?.description ?? p.exceptionDetails.text;
    console.log(stamp(), "exception:", text);
    problems.push(`exception: ${text}`);
  } else if (message.method === "Log.entryAdded") {
    console.log(stamp(), `log.${p.entry.level}:`, p.entry.text, p.entry.url ?? "");
    if (p.entry.level === "error") problems.push(`log.error: ${p.entry.text} ${p.entry.url ?? ""}`);
  } else if (message.method === "Page.javascriptDialogOpening") {
    // The import asks before reloading: say yes, as a player would.
    console.log(stamp(), `dialog (${p.type}):`, p.message);
    send("Page.handleJavaScriptDialog", { accept: true });
  }
});
function send(method, params = {}) {
  return new Promise((ok, fail) => {
    const id = ++nextId;
    waiting.set(id, [ok, fail]);
    socket.send(JSON.stringify({ id, method, params }));
  });
}
async function evaluate(expression) {
  const reply = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
  if (reply.exceptionDetails) throw new Error(`${expression}: ${reply.exceptionDetails.exception?.description}`);
  return reply.result.value;
}

// --- what a player does ------------------------------------------------------------------------
const NAMED = {
  Enter: 13, Escape: 27, Tab: 9, Backspace: 8, Space: 32,
  ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, F1: 112, F5: 116,
};
function keyEvent(name) {
  if (name in NAMED) {
    const key = name === "Space" ? " " : name;
    return { key, code: name, windowsVirtualKeyCode: NAMED[name], text: name === "Space" ? " " : name === "Enter" ? "\r" : undefined };
  }
  if (/^[a-z]$/.test(name)) return { key: name, code: `Key${name.toUpperCase()}`, windowsVirtualKeyCode: name.toUpperCase().charCodeAt(0), text: name };
  if (/^[0-9]$/.test(name)) return { key: name, code: `Digit${name}`, windowsVirtualKeyCode: name.charCodeAt(0), text: name };
  throw new Error(`web/drive.mjs: no key named ${name}`);
}
/// Presses each key of `keys` (space-separated names) in turn, `gap` ms apart.
async function press(keys, gap = 250) {
  for (const name of keys.split(" ")) {
    const event = keyEvent(name);
    await send("Input.dispatchKeyEvent", { type: "keyDown", ...event });
    await send("Input.dispatchKeyEvent", { type: "keyUp", ...event, text: undefined });
    await sleep(gap);
  }
}
async function screenshot() {
  return (await send("Page.captureScreenshot", { format: "png" })).data;
}
async function shot(name) {
  const file = join(outDir, name);
  writeFileSync(file, Buffer.from(await screenshot(), "base64"));
  console.log(stamp(), "screenshot", file);
}
/// The share of a screenshot's pixels that are amber, measured by the page itself (its 2D canvas
/// decodes the PNG, so no image package is needed).
async function amberShare() {
  return evaluate(`(async () => {
    const bitmap = await createImageBitmap(await (await fetch("data:image/png;base64,${await screenshot()}")).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d");
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let amber = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] > 150 && pixels[i] - pixels[i + 2] > 60) amber++;
    return amber / (pixels.length / 4);
  })()`);
}
/// Waits until the page says the module started `count` times, then until a frame lights the
/// screen; returns the seconds from `since` to that frame, or null after `limit` seconds.
async function firstFrame(count, since, limit = 60) {
  while (loadedLine < count) {
    if (Date.now() - since > limit * 1000) return null;
    await sleep(100);
  }
  while (Date.now() - since < limit * 1000) {
    const share = await amberShare();
    if (process.env.WEB_DRIVE_DEBUG) console.log(stamp(), `amber: ${(share * 100).toFixed(2)}%`);
    if (share > AMBER_SHARE) {
      console.log(stamp(), `drawn: ${(share * 100).toFixed(2)}% of the screen amber`);
      return (Date.now() - since) / 1000;
    }
    await sleep(250);
  }
  return null;
}
async function storedNames() {
  return evaluate(`Object.keys(localStorage).filter((k) => k.startsWith(${JSON.stringify(PREFIX)})).sort()`);
}
function check(condition, what) {
  console.log(stamp(), condition ? "ok:" : "FAILED:", what);
  if (!condition) problems.push(`failed: ${what}`);
}

// --- the scenarios -----------------------------------------------------------------------------
await send("Runtime.enable");
await send("Log.enable");
await send("Page.enable");
await send("Emulation.setDeviceMetricsOverride", { width: WIDTH, height: HEIGHT, deviceScaleFactor: 1, mobile: false });
await send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads }).catch(() =>
  send("Page.setDownloadBehavior", { behavior: "allow", downloadPath: downloads }));
// Sound: every AudioContext the page makes is kept where the checks can read its state.
await send("Page.addScriptToEvaluateOnNewDocument", { source: `window.hollowdeepAudio = [];
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    constructor(...options) { super(...options); window.hollowdeepAudio.push(this); }
  };` });
const navigated = Date.now();
await send("Page.navigate", { url: pageUrl });
const seconds = await firstFrame(1, navigated);
check(seconds !== null, seconds === null ? "the title was drawn within 60 s" : `the title was drawn ${seconds.toFixed(1)} s after the page was asked for`);
if (scenario === "smoke" && outDir) await shot("web-smoke.png");
if (seconds !== null) {
  // A browser's window is resized after the page starts: the canvas and its frames must follow.
  const canvasSize = `(() => { const c = document.querySelector("canvas");
    return [innerWidth, innerHeight, c.clientWidth, c.clientHeight, c.width, c.height].join(" "); })()`;
  for (const [width, height] of [[960, 540], [WIDTH, HEIGHT]]) {
    await send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    await sleep(1500);
    const size = await evaluate(canvasSize);
    check(size === `${width} ${height} `.repeat(3).trim(), `at ${width}×${height} the canvas fills the page (page, CSS, pixels: ${size})`);
  }
}

if (scenario === "tour" && seconds !== null) {
  await sleep(3000);
  await shot("web-title.png");
  const audioStates = `hollowdeepAudio.map((c) => c.state).join(",")`;
  check(await evaluate(audioStates) === "", "no sound is opened before the first key");

  // The reactor: the campaign's first level, its legend closed, one step and a switch thrown.
  await press("ArrowDown ArrowDown Enter");
  await sleep(2500);
  const states = await evaluate(audioStates);
  check(states === "running", `the first key opens the sound, running without a console error (${states})`);
  await shot("web-reactor-campaign.png");
  await press("Enter");
  await sleep(3000);
  await press("g");
  await sleep(2000);
  // Two steps east onto the fuel source, and Space switches it on (a pulse follows).
  await press("d d", 1500);
  await press("Space", 3000);
  await shot("web-reactor-after-move.png");

  // The editor: the last row before Back on the campaign's page. The wall tool (E), the cursor
  // moved and Space applied: two walls drawn.
  await press("Escape");
  await sleep(2000);
  await press(Array(60).fill("ArrowDown").join(" "), 40);
  await press("ArrowUp Enter");
  await sleep(4000);
  await press("e ArrowRight ArrowRight ArrowDown Space ArrowRight Space", 400);
  await sleep(2000);
  await shot("web-editor.png");

  // The crawler on a fresh page: seed 42 (the same dungeon every time), one step towards an item
  // on the floor, then Esc → Y saves the run (and ends the app's loop, as quitting does: the page
  // needs a reload after it, which the storage checks below do).
  await send("Page.reload");
  check(await firstFrame(loadedLine + 1, Date.now()) !== null, "the page draws again after a reload");
  await sleep(3000);
  await press("ArrowDown Enter", 600);
  await press("4 2 Enter", 400);
  await sleep(3500);
  await press("w", 1200);
  await sleep(1000);
  await shot("web-crawler.png");
  await press("Escape");
  await sleep(800);
  await press("y");
  await sleep(2500);
  const afterSave = await storedNames();
  console.log(stamp(), "stored after saving the run:", JSON.stringify(afterSave));
  check(afterSave.includes(`${PREFIX}data/run.json`), "saving the run keeps data/run.json in localStorage");

  // Export: the page's button downloads everything as one JSON file.
  await evaluate(`document.getElementById("export").click()`);
  let exported = null;
  for (let i = 0; i < 50 && !exported; i++) {
    await sleep(200);
    exported = readdirSync(downloads).find((f) => f.endsWith(".json"));
  }
  check(exported === "hollowdeep-data.json", `Export my data downloads hollowdeep-data.json (${exported})`);
  if (exported) {
    const text = readFileSync(join(downloads, exported), "utf8");
    const data = JSON.parse(text);
    const names = Object.keys(data.files ?? {});
    console.log(stamp(), `export: ${text.length} bytes, format ${data.format}, files ${JSON.stringify(names)}`);
    check(names.length === afterSave.length, `the export holds every stored file (${names.length} of ${afterSave.length})`);

    // Import: clear the site's storage as a browser may, load the export back, reload.
    await evaluate(`localStorage.clear(), true`);
    await send("Page.reload");
    check(await firstFrame(loadedLine + 1, Date.now()) !== null, "the page draws again after its storage was cleared");
    check(!(await storedNames()).includes(`${PREFIX}data/run.json`), "the cleared page has no save");
    const { root: documentNode } = await send("DOM.getDocument");
    const { nodeId } = await send("DOM.querySelector", { nodeId: documentNode.nodeId, selector: "#import" });
    await send("DOM.setFileInputFiles", { nodeId, files: [join(downloads, exported)] });
    check(await firstFrame(loadedLine + 1, Date.now()) !== null, "the page reloads and draws after the import");
    await sleep(3000);
    const afterImport = await storedNames();
    check(JSON.stringify(afterImport) === JSON.stringify(afterSave), `the import brings back every file (${afterImport.length})`);
    // The title offers Continue: the imported save is read.
    await shot("web-title-after-import.png");
  }
}

socket.close();
// Chromium writes its profile until it has exited: only then can the folder go.
const exited = new Promise((ok) => chrome.once("exit", ok));
chrome.kill();
await Promise.race([exited, sleep(10000)]);
// After the tour's reloads Chromium once outlived its SIGTERM, its GPU process busy at a core's
// full load long after the run had passed: what has not exited by now is killed outright.
if (chrome.exitCode === null && chrome.signalCode === null) {
  chrome.kill("SIGKILL");
  await Promise.race([exited, sleep(5000)]);
}
server.close();
// Its helper processes (GPU, crash handler) may still be writing there a moment longer: retry, and
// never fail a run over a temporary folder left behind.
for (const folder of [profile, downloads]) {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  } catch (error) {
    console.log(stamp(), `warning: could not remove ${folder}: ${error.code ?? error.message}`);
  }
}
if (problems.length) {
  // Chromium's own errors say why a canvas stayed black (the GPU process's lines).
  const errors = chromeLog.split("\n").filter((line) => line.includes("ERROR")).slice(-12);
  if (errors.length) console.log(`Chromium's last errors:\n  ${errors.join("\n  ")}`);
  console.log(`web/drive.mjs ${scenario}: ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`web/drive.mjs ${scenario}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// Chromium's pipes would keep Node waiting after the kill.
process.exit(0);
