// Completion in real bash (completionSuite.ts): one file per shell, so the shells run side by side.
import { completionTests } from './completionSuite.js';

completionTests(['bash'], true);
