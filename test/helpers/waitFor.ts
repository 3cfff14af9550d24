// For an event a test cannot subscribe to (a count in the emulator's stats, a
// line a spinner writes after the call returned): polls until it has happened.
// The deadline only stops a hung test, with a message saying what never came;
// it is long, and never what a test asserts.
export async function waitFor(what: string, happened: () => boolean, deadlineMs = 100_000): Promise<void> {
  const giveUp = Date.now() + deadlineMs;
  while (!happened()) {
    if (Date.now() > giveUp) throw new Error(`gave up after ${deadlineMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
