import type { Page } from 'playwright-core'

/** Properties a stylesheet leaking out of Latch would most likely change on the host's elements. */
const PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'display',
  'position',
  'box-sizing',
  'margin-top',
  'padding-left',
  'border-top-width',
  'border-top-left-radius',
  'outline-style',
  'text-align',
  'visibility',
  'opacity',
  'overflow',
  'animation-name',
  'transition-duration',
  'cursor',
  'color-scheme',
]

export interface LeakReport {
  /** Document-level style sources other than the page's own (Latch must add none). */
  foreignStyles: string[]
  /** `selector property: page value ≠ baseline value`, for every difference. */
  differences: string[]
  /** How many elements were compared. */
  compared: number
}

/**
 * Compares the computed style of the host's own elements (html, body, and everything in <main>)
 * with a baseline: the same markup and the page's own stylesheets in a same-sized iframe where
 * Latch never ran. Any difference is CSS (or an inline style) that Latch put on the page.
 * Latch's own shadow hosts are skipped: styling them (`:host`) is how the isolation works.
 * `ownStyles` matches the style elements the page itself ships.
 */
export function hostStyleLeaks(page: Page, ownStyles: string): Promise<LeakReport> {
  return page.evaluate(
    async ({ properties, ownStyles }) => {
      const own = (node: Element | ProcessingInstruction | null) =>
        node instanceof Element && node.matches(ownStyles)
      const foreignStyles = [
        ...[...document.querySelectorAll('style, link[rel="stylesheet"]')]
          .filter((node) => !own(node))
          .map((node) => node.outerHTML.slice(0, 120)),
        ...(document.adoptedStyleSheets.length > 0
          ? [`${document.adoptedStyleSheets.length} adopted stylesheet(s)`]
          : []),
      ]
      const css = [...document.styleSheets]
        .filter((sheet) => own(sheet.ownerNode as Element | null))
        .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))
        .join('\n')

      const frame = document.createElement('iframe')
      frame.setAttribute('aria-hidden', 'true')
      frame.style.cssText = `position:fixed;left:-10000px;top:0;border:0;width:${innerWidth}px;height:${innerHeight}px`
      const main = document.querySelector('main')!
      const htmlAttributes = [...document.documentElement.attributes]
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .join(' ')
      frame.srcdoc = `<!doctype html><html ${htmlAttributes}><head><style>${css}</style></head><body>${main.outerHTML}</body></html>`
      const loaded = new Promise((resolve) =>
        frame.addEventListener('load', resolve, { once: true }),
      )
      document.body.append(frame)
      await loaded
      const baseline = frame.contentDocument!
      const pick = (doc: Document) => [
        doc.documentElement,
        doc.body,
        ...doc.querySelector('main')!.querySelectorAll('*'),
        doc.querySelector('main')!,
      ]
      const mine = pick(document)
      const theirs = pick(baseline)
      const differences: string[] = []
      mine.forEach((element, index) => {
        if (element.shadowRoot) return
        const other = theirs[index]
        if (!other) return differences.push(`${element.tagName}: missing in the baseline`)
        const a = getComputedStyle(element)
        const b = baseline.defaultView!.getComputedStyle(other)
        for (const property of properties) {
          const mineValue = a.getPropertyValue(property)
          const theirValue = b.getPropertyValue(property)
          if (mineValue !== theirValue) {
            differences.push(
              `${element.tagName.toLowerCase()}#${index} ${property}: ${mineValue} ≠ ${theirValue}`,
            )
          }
        }
      })
      frame.remove()
      return {
        foreignStyles,
        differences,
        compared: mine.filter((element) => !element.shadowRoot).length,
      }
    },
    { properties: PROPERTIES, ownStyles },
  )
}
