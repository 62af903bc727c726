// Registers ./sw.js once <html data-python> is "ready" or "error" (so the precache does not compete with the
// first load), and tells the page when a new version is waiting:
//   window "joker:update-ready" event (also <html data-update="ready">);
//   call window.jokerApplyUpdate() (or event.detail.apply()) to switch: the new
//   service worker takes over and every open tab reloads into the new version.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const root = document.documentElement;
  let controlled = !!sw.controller;  // false on a first visit until clients.claim()
  let reloading = false;
  let registration = null;

  function reload() {
    if (reloading) return;
    reloading = true;
    location.reload();
  }

  function apply() {
    if (registration && registration.waiting) registration.waiting.postMessage("skipWaiting");
  }
  window.jokerApplyUpdate = apply;

  function announce(waiting) {
    // controllerchange normally brings the reload; the waiting worker reaching "activated" is a
    // second signal, so a change of controller a tab did not see (or took for a first claim) never
    // leaves the player pressing a button that does nothing, nor another tab on the old version.
    waiting.addEventListener("statechange", () => { if (waiting.state === "activated") reload(); });
    root.dataset.update = "ready";
    window.dispatchEvent(new CustomEvent("joker:update-ready", { detail: { apply } }));
  }

  sw.addEventListener("controllerchange", () => {
    // The first claim (first visit) is not an update: keep the page. A later change of
    // controller is a new version taking over: reload, in every open tab.
    const wasControlled = controlled;
    controlled = true;
    if (wasControlled) reload();
  });

  function pythonReady() {
    return new Promise((resolve) => {
      const done = () => ["ready", "error"].includes(root.dataset.python);
      if (done()) return resolve();
      const obs = new MutationObserver(() => {
        if (done()) { obs.disconnect(); resolve(); }
      });
      obs.observe(root, { attributes: true, attributeFilter: ["data-python"] });
      setTimeout(() => { obs.disconnect(); resolve(); }, 20000);
    });
  }

  async function register() {
    await pythonReady();
    registration = await sw.register("./sw.js");
    root.dataset.sw = "registered";
    if (registration.waiting && sw.controller) announce(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && sw.controller) announce(worker);
      });
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  }
  register().catch((err) => console.warn("service worker registration failed:", err));
})();
