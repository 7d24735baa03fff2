import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept before it
 * collects again: 1.3×, where V8 would otherwise allow up to 4× on a small heap (ADR 0058). A
 * long export (50,000 journal entries, issue 28) promotes its batches' garbage to the old
 * generation, which then grew by 70–140 MB before V8 collected it; at 1.3× it stays within a few
 * MB, at the cost of more frequent (incremental, mostly concurrent) full collections. V8 reads
 * the factor at each full collection, so setting it at start takes effect from the first one.
 */
export const HEAP_GROWING_PERCENT = 30;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
