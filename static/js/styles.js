// Style sheets the first screen does not use are not render-blocking: boot.js asks for them once
// the first screen is drawn, and a screen that needs one awaits lateStyle(href) before it shows.
const sheets = new Map();

export function lateStyle(href) {
  if (!sheets.has(href)) {
    sheets.set(href, new Promise((resolve) => {
      const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);  // unstyled rather than stuck
      document.head.append(link);
    }));
  }
  return sheets.get(href);
}

export const LATE_STYLES = ["./css/pad.css"];
