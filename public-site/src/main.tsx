import { mountStandalone } from '@festival/web-kit/standalone';
import App from './app/app';

mountStandalone(App, 'public_site');
