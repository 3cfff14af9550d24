#!/usr/bin/env node
// Thin launcher: the bundle in dist/ does the work; we only set the exit code.
import { main, IO } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2), process.env, IO.fromProcess(process.env));
