import { defineRemoteConfig } from '../remote.vite.ts';

export default defineRemoteConfig({ name: 'drinks_app', port: 5175, guestPages: true });
