// Completion in real fish (completionSuite.ts): one file per shell, so the shells run side by side.
import { completionTests } from './completionSuite.js';

completionTests(['fish'], false);
