// Chart colours read from the page's CSS variables, so the chart follows light and dark like the rest of the page.

export type ChartTheme = { panel: string; fg: string; muted: string; border: string; up: string; down: string; upSoft: string; downSoft: string };

/** `#rrggbb` with an alpha, as rgba() (the chart's colour parser does not read 8-digit hex everywhere). */
function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const css = getComputedStyle(element);
  const get = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const up = get('--up', '#0a8a4a');
  const down = get('--down', '#c62f3c');
  return {
    panel: get('--panel', '#ffffff'),
    fg: get('--fg', '#111318'),
    muted: get('--muted', '#5b6270'),
    border: get('--border', '#dfe2e8'),
    up,
    down,
    upSoft: withAlpha(up, 0.45),
    downSoft: withAlpha(down, 0.45),
  };
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';
