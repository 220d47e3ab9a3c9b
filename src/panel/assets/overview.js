// The overview page: each section is a module's part (`panelOverview`); its script, served from
// /panel/assets/, renders into it. One part that fails shows its error and leaves the others be.
import { showError } from '/panel/assets/panel.js';

const overview = document.getElementById('overview');
const parts = [...overview.querySelectorAll('section[data-script]')];
await Promise.all(
  parts.map(async (section) => {
    const body = section.querySelector('.overview-body');
    try {
      // The file name comes from the server's page (a module's declaration), never from the URL.
      const part = await import(`/panel/assets/${section.dataset.script}`);
      await part.default(body);
      section.dataset.ready = 'true';
    } catch (error) {
      body.textContent = 'This part could not be loaded.';
      showError(error);
    }
  }),
);
overview.setAttribute('aria-busy', 'false');
