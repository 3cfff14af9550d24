// Pre-serialised JSON: a value kept as the exact text JSON.stringify gives for
// it, so that whoever writes it out can splice the text in instead of building
// and serialising the objects again. The emulator keeps each cluster's rendered
// document this way; `list --all -o json` reads the items of a page this way
// (src/api/pageText.ts). JSON.stringify itself reaches the same value through
// toJSON, at the cost of a parse.

export class JsonText {
  constructor(readonly text: string) {
    Object.freeze(this);
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
