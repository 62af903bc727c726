// Registers ./sw.js once Python is ready (so the precache does not compete with the
// first load), and tells the page when a new version is waiting:
//   window "joker:update-ready" event (also <html data-update="ready">);
//   call window.jokerApplyUpdate() (or event.detail.apply()) to switch: the new
//   service worker takes over and every open tab reloads into the new version.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const root = document.documentElement;
  const hadController = !!sw.controller;
  let reloading = false;
  let registration = null;

  function apply() {
    if (registration && registration.waiting) registration.waiting.postMessage("skipWaiting");
  }
  window.jokerApplyUpdate = apply;

  function announce() {
    root.dataset.update = "ready";
    window.dispatchEvent(new CustomEvent("joker:update-ready", { detail: { apply } }));
  }

  sw.addEventListener("controllerchange", () => {
    // First install (clients.claim) is not an update: keep the page. Otherwise reload.
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });

  function pythonReady() {
    return new Promise((resolve) => {
      if (root.dataset.python) return resolve();
      const obs = new MutationObserver(() => {
        if (root.dataset.python) { obs.disconnect(); resolve(); }
      });
      obs.observe(root, { attributes: true, attributeFilter: ["data-python"] });
      setTimeout(() => { obs.disconnect(); resolve(); }, 20000);
    });
  }

  async function register() {
    await pythonReady();
    registration = await sw.register("./sw.js");
    root.dataset.sw = "registered";
    if (registration.waiting && sw.controller) announce();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && sw.controller) announce();
      });
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  }
  register().catch((err) => console.warn("service worker registration failed:", err));
})();
