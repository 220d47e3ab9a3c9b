import { html } from 'hono/html';
import type { ModuleRegistry, PanelPage } from '../core/module.ts';

/**
 * The panel's first page: every module's overview parts (`panelOverview`), in module order, each a
 * section its own script fills (src/panel/assets/overview.js loads them). The panel names no domain:
 * what a part shows, and where it links, is its module's.
 */
export function overviewPage(modules: ModuleRegistry): PanelPage {
  const parts = modules.list.flatMap((module) => module.panelOverview ?? []);
  return {
    path: 'overview',
    title: 'Overview',
    summary: 'Overview page: each domain at a glance over the last day or week, linking to its pages',
    script: 'overview.js',
    body: async () => html`
      <link rel="stylesheet" href="/panel/assets/uplot.css" />
      <div id="overview" class="overview" aria-busy="true">
        ${parts.map(
          (part, index) => html`<section class="card wide overview-part" aria-labelledby="overview-part-${index}" data-script="${part.script}">
            <h2 id="overview-part-${index}">${part.title}</h2>
            <div class="overview-body"><p class="muted">Loading…</p></div>
          </section>`,
        )}
      </div>`,
  };
}
