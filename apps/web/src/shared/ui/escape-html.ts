const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put into HTML built outside React (ECharts tooltips and the like): a name a
 * user typed, such as `<img src=x onerror=…>`, shows as those characters and never becomes markup.
 */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
