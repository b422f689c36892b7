/**
 * The named actions of the app's frame: FETCH_CONFIG asks for the runtime configuration
 * (the layout saga answers with the config slice's `setConfig`; the theme is the theme
 * slice's, layout.slice.ts).
 */
import { createAction } from '@reduxjs/toolkit';

/** FETCH_CONFIG: GET /api/config. */
export const fetchConfig = createAction('FETCH_CONFIG');
