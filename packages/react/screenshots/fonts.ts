import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The only fonts Chromium sees while it takes screenshots: DejaVu, as TrueType files from npm
 * (Chromium's fontconfig path reads TrueType, not the WOFF2 of the usual font packages). A
 * machine's own fonts would make the pixels differ between this one (DejaVu and Liberation) and
 * CI's (Liberation alone), in the page's text and in the generated wallet icons alike (an SVG
 * image draws its text with the system's fonts, never the page's), so they are not offered.
 */
const FONT_FILES = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique.ttf',
  'DejaVuSans-BoldOblique.ttf',
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
].map((file) => `dejavu-fonts-ttf/ttf/${file}`)

/** Generic families the modal's CSS and the icons' SVG name, each mapped to those fonts. */
const ALIASES: Record<string, string> = {
  'system-ui': 'DejaVu Sans',
  'sans-serif': 'DejaVu Sans',
  sans: 'DejaVu Sans',
  serif: 'DejaVu Sans',
  monospace: 'DejaVu Sans Mono',
}

/**
 * Writes a fontconfig setup in `dir` that offers Chromium only the bundled fonts, and returns
 * the environment that makes Chromium read it. Rendering options are fontconfig's defaults,
 * since no system configuration is included, so they do not vary with the machine either.
 */
export async function bundledFontsEnv(dir: string): Promise<Record<string, string>> {
  const fonts = join(dir, 'fonts')
  await mkdir(fonts, { recursive: true })
  await Promise.all(
    FONT_FILES.map((file) => {
      const path = require.resolve(file)
      return symlink(path, join(fonts, basename(path)))
    }),
  )
  const aliases = Object.entries(ALIASES)
    .map(
      ([generic, family]) =>
        `  <alias binding="strong"><family>${generic}</family><prefer><family>${family}</family></prefer></alias>`,
    )
    .join('\n')
  const config = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <dir>${fonts}</dir>`,
    `  <cachedir>${join(dir, 'cache')}</cachedir>`,
    aliases,
    '</fontconfig>',
    '',
  ].join('\n')
  const file = join(dir, 'fonts.conf')
  await writeFile(file, config)
  return { FONTCONFIG_FILE: file }
}
