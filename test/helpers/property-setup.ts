// Loaded before every test file (vitest.config.ts setupFiles): one seed policy for every property.
import fc from 'fast-check';
import { propertyDefaults } from './property-runs';

fc.configureGlobal(propertyDefaults());
