// The relay panel's pages (the manifest's `panelPages` load them lazily, ../module.ts).
export { devicePage, devicesPage, messagePage, messagesPage, queuePage, readinessPage, recipientsPage } from './pages.ts';
