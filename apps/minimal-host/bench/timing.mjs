// The two timings, measured inside the page (no Playwright round trip in the figure): from the
// input event to the end of the first frame that shows its result.
//
// "Painted" is the end of the rendering update after the DOM shows the result: a message posted
// from requestAnimationFrame runs right after that frame's style, layout and paint. (A second
// requestAnimationFrame would add up to one idle frame, 16.7 ms, to every figure.)

/* global window, document, requestAnimationFrame, MutationObserver */

/**
 * Runs in the page: arms one measurement. Starts at `startEvent` (a capture listener on window,
 * before any handler of the page), then waits until `ready` holds in the modal's shadow root
 * (checked after `checkAfter` and on every mutation there), then until the next paint.
 * `window.__latchBench` is the promise of the elapsed milliseconds.
 */
function armProbe({ startEvent, checkAfter, ready, expect, timeoutMs }) {
  const predicates = {
    // The dialog is open on the Connect view, and the view has rendered its content.
    connect(root) {
      const dialog = root.querySelector('dialog')
      const view = dialog?.querySelector('.latch-view')
      const title = dialog?.querySelector('h2')?.textContent
      return Boolean(dialog?.open && view?.childElementCount && title === expect)
    },
    // Every wallet row on screen matches the search text, and the result count is announced
    // (or, for a blank search, the whole list is back and nothing is announced).
    search(root) {
      const input = root.querySelector('input[type="search"]')
      if (!input) return false
      const text = input.value.trim().toLowerCase()
      const rows = [...root.querySelectorAll('[data-virtual-scroller] li[aria-posinset]')]
      const announced = [...root.querySelectorAll('.latch-view p[role="status"]')].some(
        (status) => status.textContent !== '',
      )
      if (text === '') return rows.length > 0 && !announced
      return announced && rows.every((row) => row.textContent.toLowerCase().includes(text))
    },
  }
  const root = document.querySelector('latch-modal')?.shadowRoot
  if (!root) throw new Error('No <latch-modal> shadow root in the page')
  const isReady = () => predicates[ready](root)
  window.__latchBench = new Promise((resolve, reject) => {
    let startedAt
    let observer
    const timer = setTimeout(() => {
      observer?.disconnect()
      reject(new Error(`${ready}: not painted within ${timeoutMs} ms`))
    }, timeoutMs)
    const afterNextPaint = () => {
      observer.disconnect()
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          clearTimeout(timer)
          resolve(performance.now() - startedAt)
        }
        channel.port2.postMessage(null)
      })
    }
    const check = () => {
      if (isReady()) afterNextPaint()
    }
    observer = new MutationObserver(check)
    window.addEventListener(
      startEvent,
      () => {
        startedAt = performance.now()
        // From here on, a DOM change may be the result; `checkAfter` is the first moment it can
        // be (the keystroke's input event, which follows its keydown).
        window.addEventListener(
          checkAfter,
          () => {
            observer.observe(root, {
              subtree: true,
              childList: true,
              attributes: true,
              characterData: true,
            })
            check()
          },
          { capture: false, once: true },
        )
      },
      { capture: true, once: true },
    )
  })
  // Never left unhandled: the Node side awaits it.
  window.__latchBench.catch(() => undefined)
}

/** Runs in the page: resolves after two frames, so the page is idle before the next input. */
function settle() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined))),
  )
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Samples and their median, minimum and maximum. */
export function summarize(samples) {
  return { samples, median: median(samples), min: Math.min(...samples), max: Math.max(...samples) }
}

async function measure(page, probe, act) {
  await page.evaluate(armProbe, { timeoutMs: 5_000, ...probe })
  await act()
  return page.evaluate(() => window.__latchBench)
}

/**
 * ConnectButton click → Connect view painted, `runs` times after one warm-up open, closing with
 * Escape (and waiting until the dialog is closed and the page idle) between runs.
 */
export async function measureConnectOpen(page, { buttonName, title, runs }) {
  const button = page.getByRole('button', { name: buttonName, exact: true })
  await button.waitFor()
  // The modal is its own chunk, loaded once the page is idle, and prepares the next open's view
  // while closed (issue 16): wait for that, the state a visitor's click meets on an idle page.
  await page.waitForFunction(() =>
    document.querySelector('latch-modal')?.shadowRoot?.querySelector('dialog .latch-view'),
  )
  const samples = []
  for (let run = 0; run <= runs; run++) {
    const probe = { startEvent: 'click', checkAfter: 'click', ready: 'connect', expect: title }
    const elapsed = await measure(page, probe, () => button.click())
    if (run > 0) samples.push(elapsed)
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => {
      // Closed, the dialog keeps the next open's view, prepared and hidden (issue 16).
      const dialog = document.querySelector('latch-modal')?.shadowRoot?.querySelector('dialog')
      return dialog && !dialog.open
    })
    await page.evaluate(settle)
  }
  return summarize(samples)
}

/**
 * AllWallets (already open in the page) search keystroke → results painted: each word is typed
 * one key at a time, every key measured, at a fast typist's pace; the search is cleared between
 * words (not measured).
 */
export async function measureSearch(page, { words, pauseMs }) {
  const input = page.locator('latch-modal').locator('input[type="search"]')
  await input.waitFor()
  await input.focus()
  const samples = []
  for (const word of words) {
    for (const key of word) {
      const probe = { startEvent: 'keydown', checkAfter: 'input', ready: 'search' }
      samples.push(await measure(page, probe, () => page.keyboard.press(key)))
      await page.evaluate(settle)
      await page.waitForTimeout(pauseMs)
    }
    await page.keyboard.press('Control+A')
    await measure(page, { startEvent: 'keydown', checkAfter: 'input', ready: 'search' }, () =>
      page.keyboard.press('Backspace'),
    )
    await page.evaluate(settle)
  }
  return summarize(samples)
}
