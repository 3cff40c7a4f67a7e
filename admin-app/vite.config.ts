import { defineRemoteConfig } from '../remote.vite.ts';

export default defineRemoteConfig({ name: 'admin_app', port: 5176 });
