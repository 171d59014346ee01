import type { ThemeMode } from './latch.js'

const THEMES: Array<{ mode: ThemeMode; label: string }> = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
]

/** Light or dark, for the page and the modal: a radio group, so arrows and Space work. */
export function ThemeSwitch({
  theme,
  onChange,
}: {
  theme: ThemeMode
  onChange(theme: ThemeMode): void
}) {
  return (
    <fieldset className="theme-switch">
      <legend>Theme</legend>
      {THEMES.map(({ mode, label }) => (
        <label key={mode}>
          <input
            type="radio"
            name="theme"
            value={mode}
            checked={theme === mode}
            onChange={() => onChange(mode)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
