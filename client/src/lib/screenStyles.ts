/**
 * The Bootstrap parts of the screens after the login (bootstrap-screens.scss). Imported
 * dynamically with every screen but the login screen (app/App.tsx) and with the chat modal, so
 * they are not part of the first load (issue 11); the build's preload helper puts the
 * stylesheet in the page before the screen renders.
 */
import '@/bootstrap-screens.scss';
