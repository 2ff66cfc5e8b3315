import { getBridge } from '../bridge';
import { sendLaunchCalls } from './launch-calls';

// main.tsx imports this module right after zod-jitless. ES modules run in the order they are imported,
// so the launch's first calls leave here, before the app's other modules are evaluated.
export const launchCalls = sendLaunchCalls(getBridge());
