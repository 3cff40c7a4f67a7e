import { defineRemoteConfig } from '../remote.vite.ts';

export default defineRemoteConfig({ name: 'public_site', port: 5174, guestPages: true });
