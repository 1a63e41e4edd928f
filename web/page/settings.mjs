// The page's choices kept between visits in the browser's storage: the
// variant, how Kyodai plays, the clock, the pieces, the analysis, the
// notation, the review's time a position and the mate solver's limit. A
// kept choice the page no longer offers (a menu entry gone, a number out
// of range) is left at its default, and a page without storage (private
// windows, some embedded frames) simply keeps nothing.

const KEY = 'kyodai.settings';

/** The ids of the controls whose values are kept. */
export const KEPT = [
  'variant', 'mode', 'clock', 'clock-min', 'clock-inc', 'clock-byo', 'time', 'skill', 'labels', 'analyse', 'multipv',
  'notation', 'review-time', 'problem-time',
];

/** The browser's local storage, or null where the page may not use it. */
export function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const valueOf = (el) => (el.type === 'checkbox' ? el.checked : el.value);

/** Keep the current values of the KEPT controls of `doc` in `storage`. */
export function saveSettings(doc, storage) {
  const values = {};
  for (const id of KEPT) {
    const el = doc.getElementById(id);
    if (el) values[id] = valueOf(el);
  }
  try {
    storage?.setItem(KEY, JSON.stringify(values));
  } catch {
    // Storage full or refused: nothing is kept.
  }
}

/** Set the KEPT controls of `doc` to the values kept in `storage`, each
 * only if the control still accepts it; returns the ids set. */
export function restoreSettings(doc, storage) {
  let saved = null;
  try {
    saved = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    return [];
  }
  if (!saved || typeof saved !== 'object') return [];
  const restored = [];
  for (const id of KEPT) {
    const el = doc.getElementById(id);
    const value = saved[id];
    if (!el || value === undefined) continue;
    if (el.type === 'checkbox') {
      if (typeof value !== 'boolean') continue;
      el.checked = value;
    } else {
      if (typeof value !== 'string') continue;
      if (el.options && ![...el.options].some((o) => o.value === value)) continue;
      const before = el.value;
      el.value = value;
      // A number out of the input's range or step, or one a range input
      // clamped, is not what was kept.
      if (el.value !== value || (el.checkValidity && !el.checkValidity())) {
        el.value = before;
        continue;
      }
    }
    restored.push(id);
  }
  return restored;
}
