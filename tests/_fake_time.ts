import FakeTimers from "@sinonjs/fake-timers";

/**
 * Installs fake `setTimeout`/`clearTimeout`/`Date` for one test; `using` uninstalls them.
 *
 * Microtasks stay real, so promises and the bus dispatcher run as usual.
 */
export function fakeTime(): FakeTimers.Clock & Disposable {
  const clock = FakeTimers.withGlobal(globalThis).install({
    toFake: ["setTimeout", "clearTimeout", "Date"],
  });
  return Object.assign(clock, { [Symbol.dispose]: () => clock.uninstall() });
}
