import { freshModuleFiles, portalProject } from './vitest.config';

/** The portal's test files that need a module graph of their own (./vitest.config.ts): a fresh module graph and window each. */
export default portalProject({ name: 'portal-isolated', include: freshModuleFiles });
