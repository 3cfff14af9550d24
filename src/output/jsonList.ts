// `list --all -o json|pretty` written page by page as the pages arrive, so that
// memory stays bounded by the pages in flight, not the number of clusters
// (issue 14). The bytes are exactly what render() writes for the whole
// document {results, totalCount, links} (jsonSlices, then a newline); the unit
// test compares the two. --query and -o table need the whole list and do not
// come here.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { IO } from '../base/io.js';
import { JsonText } from '../base/jsonText.js';
import { writeDraining } from './jsonStream.js';

/** What follows the results in a list document (the API layer's ListTail, by shape: output does not import api). */
interface ListTail {
  totalCount?: number;
  links?: unknown[];
}

/**
 * Items held back before the first write. A listing that fails within them
 * (a loop of next links, a bad page 2) prints nothing, as the whole-document
 * output did; past them, a failure leaves the document cut short.
 */
export const HOLD_ITEMS = 1_000;

export async function writeJsonList(io: IO, pages: AsyncGenerator<unknown[], ListTail, undefined>, indent: 0 | 2): Promise<void> {
  const collect = boundHeap();
  const out = listWriter(io, indent);
  const held: unknown[][] = [];
  let heldItems = 0;
  let writtenSinceCollect = 0;
  for (;;) {
    const step = await pages.next();
    if (step.done) {
      for (const page of held) await out.items(page);
      await out.end(step.value);
      return;
    }
    if (heldItems >= HOLD_ITEMS) {
      await out.items(step.value);
      writtenSinceCollect += collectionWeight(step.value);
      if (writtenSinceCollect >= COLLECT_EVERY_ITEMS) {
        collect();
        writtenSinceCollect = 0;
      }
      continue;
    }
    held.push(step.value);
    heldItems += step.value.length;
    if (heldItems >= HOLD_ITEMS) for (const page of held.splice(0)) await out.items(page);
  }
}

/** Writes `{"results":[` item by item, then the closing members: the bytes jsonSlices gives for the whole document. */
function listWriter(io: IO, indent: 0 | 2) {
  const itemPad = indent ? '\n' + ' '.repeat(2 * indent) : '';
  const separator = `,${itemPad}`;
  let count = 0;
  return {
    async items(list: unknown[]): Promise<void> {
      let slice = '';
      for (const item of list) {
        // An item read as text (src/api/pageText.ts) is already what JSON.stringify would write.
        const text = (!indent && item instanceof JsonText ? item.text : JSON.stringify(item, null, indent || undefined)) ?? 'null';
        slice += (count === 0 ? `${openResults(indent)}[${itemPad}` : separator) + (indent ? text.replaceAll('\n', itemPad) : text);
        count++;
        // Slices stay below V8's large-object size, so they die young instead of
        // piling up in large-object space until a full GC (figure 5).
        if (slice.length >= SLICE_CHARS) {
          await writeDraining(io, slice);
          slice = '';
        }
      }
      if (slice) await writeDraining(io, slice);
    },
    async end(tail: ListTail): Promise<void> {
      const close = count === 0 ? `${openResults(indent)}[]` : indent ? `\n${' '.repeat(indent)}]` : ']';
      // The members after results, as JSON.stringify writes them inside the document.
      const rest = JSON.stringify(tail, null, indent || undefined);
      await writeDraining(io, `${close}${rest === '{}' ? '}' : `,${rest.slice(1)}`}\n`);
    },
  };
}

const SLICE_CHARS = 32_768;

function openResults(indent: 0 | 2): string {
  return indent ? `{\n${' '.repeat(indent)}"results": ` : '{"results":';
}

/** Written items between full collections: two 500-cluster pages. */
const COLLECT_EVERY_ITEMS = 1_000;

/** Characters of items read as text that count as one parsed item: 3,000 clusters' worth of text makes 1,000. */
const TEXT_CHARS_PER_ITEM = 9_000;

/**
 * How far a page brings the next full collection: its parsed items one each,
 * and items read as text (src/api/pageText.ts) by their length, a third as
 * much per cluster. Their page is one string, not a graph of objects in the old
 * generation: collecting every other page cost a third of the run's CPU time;
 * every sixth costs 13 % less CPU than every fourth for a peak 3 MB higher
 * (every eighth: no less CPU, 5 MB higher), and never collecting lets the peak
 * swing up to 100 MB (test/bench/RESULTS.md, figures 4 and 5).
 */
export function collectionWeight(page: unknown[]): number {
  let weight = 0;
  for (const item of page) weight += item instanceof JsonText ? item.text.length / TEXT_CHARS_PER_ITEM : 1;
  return weight;
}

/**
 * Each 500-cluster page is parsed in one go and stays alive while earlier pages
 * are written, so most of it survives the young generation's collections and
 * dies in the old one, which V8 collects only once it has grown by a share of
 * its size: left alone, the old generation fills with written pages and peak
 * RSS follows the length of the list. Slow heap growth (V8 reads these flags at
 * every collection, so unlike --max-semi-space-size they work when set at run
 * time) and a full collection after every COLLECT_EVERY_ITEMS written keep the
 * peak at the few pages alive at a time (test/bench/RESULTS.md, figure 5: at
 * 10,000 clusters 124 -> 82 MB from the flags, then 92-102 -> 78-85 MB from the
 * collections, each a few ms spent while later pages are still on the wire).
 * Process-wide, but this is the last thing a `list --all` run does.
 */
function boundHeap(): () => void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=10');
  setFlagsFromString('--expose-gc');
  // The flag makes gc() exist only in contexts created after it, hence a new one.
  return runInNewContext('gc') as () => void;
}
