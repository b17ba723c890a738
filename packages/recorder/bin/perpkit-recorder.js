#!/usr/bin/env node
// Committed entry point: package managers link it before the first build,
// and it runs the compiled CLI.
import '../dist/bin.js'
