import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { DbClient } from '../core/db.ts';
import { type ModuleRegistry, type PanelPage, panelNavGroups } from '../core/module.ts';
import type { PanelSessionInfo } from './users.ts';

type Content = HtmlEscapedString | Promise<HtmlEscapedString> | string;

/** Panel pages, from the modules' `panelPages`: each lives at /panel/<path> and loads its data through GraphQL in panel.js. */
export function panelPages(modules: ModuleRegistry): PanelPage[] {
  return modules.list.flatMap((module) => module.panelPages ?? []);
}

/** What every module asks the panel to show at the top of the account's pages now (`panelNotices`). */
export async function panelNotices(modules: ModuleRegistry, db: DbClient, accountId: number): Promise<string[]> {
  const sources = modules.list.flatMap((module) => (module.panelNotices ? [module.panelNotices] : []));
  return (await Promise.all(sources.map((notices) => notices(db, accountId)))).flat();
}

/** A panel page in its layout; a signed-in page (`session`) shows the nav of the modules' pages (`nav`). */
export function page(options: {
  title: string;
  session?: PanelSessionInfo;
  nav?: readonly PanelPage[];
  body: Content;
  script?: string | undefined;
  current?: string;
  notices?: readonly string[];
}) {
  const link = (entry: PanelPage) =>
    // A detail page passes its list's path (`partOf`) as `current`.
    entry.path === options.current
      ? html`<li><a href="/panel/${entry.path}" aria-current="page">${entry.title}</a></li>`
      : html`<li><a href="/panel/${entry.path}">${entry.title}</a></li>`;
  const listed = (options.nav ?? []).filter((entry) => !entry.partOf);
  const nav = options.session
    ? html`<nav aria-label="Panel">
        <ul>
          ${listed.filter((entry) => !entry.group).map(link)}
          ${panelNavGroups.map((group) => {
            const entries = listed.filter((entry) => entry.group === group);
            const id = `nav-${group.toLowerCase()}`;
            return entries.length === 0
              ? ''
              : html`<li class="nav-group" data-group="${group}">
                  <span class="nav-group-label" id="${id}">${group}</span>
                  <ul aria-labelledby="${id}">
                    ${entries.map(link)}
                  </ul>
                </li>`;
          })}
        </ul>
        <form method="post" action="/panel/sign-out">
          <input type="hidden" name="csrf_token" value="${options.session.csrfToken}" />
          <span class="who">${options.session.email}</span>
          <button type="submit">Sign out</button>
        </form>
      </nav>`
    : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${options.session ? html`<meta name="csrf-token" content="${options.session.csrfToken}" />` : ''}
        <title>${options.title} · Yarrow</title>
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="stylesheet" href="/panel/assets/panel.css" />
      </head>
      <body>
        <header><a class="brand" href="/panel">Yarrow</a>${nav}</header>
        <main id="main">
          ${(options.notices ?? []).map((notice) => html`<p class="notice" role="status">${notice}</p>`)}
          <h1>${options.title}</h1>
          ${options.body}
        </main>
        ${options.script ? html`<script type="module" src="/panel/assets/${options.script}"></script>` : ''}
      </body>
    </html>`;
}

export function errorBox(message: string | undefined) {
  return message ? html`<p class="error" role="alert">${message}</p>` : '';
}

