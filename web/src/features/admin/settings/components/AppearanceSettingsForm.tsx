import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BUTTON_STYLES,
  CARD_STYLES,
  DEFAULT_SITE_SETTINGS,
  FONT_CHOICES,
  FOOTER_STYLES,
  LAYOUT_WIDTHS,
  NAVBAR_STYLES,
  SETTINGS_MESSAGES,
  themeSettingsSchema,
  type SiteSettings,
  type ThemeSettings,
} from '@rafflewin/domain';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { call } from '@/lib/callables';
import { FONT_STACKS, loadFont } from '@/lib/fonts';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { ColorField } from './ColorField';
import { SettingsForm } from './SettingsForm';
import { ThemePreview } from './ThemePreview';

type ThemeKey = keyof ThemeSettings;
const THEME_KEYS = Object.keys(themeSettingsSchema.shape) as ThemeKey[];

function pickTheme(site: SiteSettings): ThemeSettings {
  return Object.fromEntries(THEME_KEYS.map((key) => [key, site[key]])) as ThemeSettings;
}

const COLORS: Array<{ name: ThemeKey; label: string }> = [
  { name: 'themePrimaryColor', label: 'Primary colour' },
  { name: 'themeSecondaryColor', label: 'Secondary colour' },
  { name: 'themeTextColor', label: 'Text colour' },
  { name: 'themeBackgroundColor', label: 'Background colour' },
  { name: 'themeAccentColor', label: 'Accent colour' },
];

/** The choices of each style, with what they mean. */
const STYLE_FIELDS: Array<{
  name: ThemeKey;
  label: string;
  options: readonly string[];
  describe: Record<string, string>;
}> = [
  {
    name: 'themeButtonStyle',
    label: 'Button style',
    options: BUTTON_STYLES,
    describe: { rounded: 'Rounded', square: 'Square', pill: 'Pill' },
  },
  {
    name: 'themeCardStyle',
    label: 'Card style',
    options: CARD_STYLES,
    describe: { shadow: 'Shadow', border: 'Border', flat: 'Flat' },
  },
  {
    name: 'themeLayoutWidth',
    label: 'Layout width',
    options: LAYOUT_WIDTHS,
    describe: { container: 'Container (1200 px)', narrow: 'Narrow (900 px)', full: 'Full width' },
  },
  {
    name: 'themeNavbarStyle',
    label: 'Navigation bar',
    options: NAVBAR_STYLES,
    describe: {
      fixed: 'Fixed (stays on top)',
      static: 'Static (scrolls away)',
      transparent: 'Transparent',
    },
  },
  {
    name: 'themeFooterStyle',
    label: 'Footer style',
    options: FOOTER_STYLES,
    describe: {
      simple: 'Simple',
      complex: 'Complex (with contact details)',
      minimal: 'Minimal (one row)',
    },
  },
];

/** The watched values with each invalid field replaced by its saved value, for the preview. */
function previewable(values: ThemeSettings, saved: ThemeSettings): ThemeSettings {
  const preview = { ...values };
  for (const key of THEME_KEYS) {
    const field = themeSettingsSchema.shape[key];
    if (!field.safeParse(values[key]).success) Object.assign(preview, { [key]: saved[key] });
  }
  return preview;
}

/** Appearance: every theme field, with a live preview. */
export function AppearanceSettingsForm({
  site,
  buildTheme,
  onSaved,
}: {
  site: SiteSettings;
  buildTheme: (settings: ThemeSettings) => Theme;
  onSaved: () => void;
}) {
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(() => pickTheme(site));
  const {
    register,
    control,
    handleSubmit,
    reset,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(themeSettingsSchema, saved);
  const watched = useWatch({ control }) as ThemeSettings;
  const preview = useMemo(() => previewable({ ...saved, ...watched }, saved), [saved, watched]);

  useEffect(() => {
    loadFont(preview.themeFontFamily);
    loadFont(preview.themeHeadingFont);
  }, [preview.themeFontFamily, preview.themeHeadingFont]);

  const submit = handleSubmit(async (settings) => {
    setFailure(null);
    try {
      // Only what differs from the settings the form was filled with is saved.
      const stored = await call('updateSiteSettings', { group: 'theme', settings, seen: saved });
      if (stored.group === 'theme') {
        setSaved(stored.settings);
        reset(stored.settings);
      }
      onSaved();
    } catch (error) {
      setFailure(describeFailure(SETTINGS_MESSAGES.updateFailed('theme'))(error));
    }
  });

  const fontField = (name: 'themeFontFamily' | 'themeHeadingFont', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField select label={label} fullWidth {...field}>
          {FONT_CHOICES.map((font) => (
            <MenuItem key={font} value={font} sx={{ fontFamily: FONT_STACKS[font] }}>
              {font}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <SettingsForm
      title="Appearance"
      submitLabel="Save Appearance"
      busy={isSubmitting}
      failure={failure}
      onSubmit={(event) => void submit(event)}
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={2.5}>
            <Typography variant="subtitle1" component="h3" fontWeight={700}>
              Colours
            </Typography>
            {COLORS.map(({ name, label }) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field }) => (
                  <ColorField
                    label={label}
                    name={field.name}
                    value={String(field.value ?? '')}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors[name]?.message}
                  />
                )}
              />
            ))}
            <Typography variant="subtitle1" component="h3" fontWeight={700}>
              Typography and shape
            </Typography>
            {fontField('themeFontFamily', 'Font')}
            {fontField('themeHeadingFont', 'Heading font')}
            <TextField
              label="Border radius"
              {...field('themeBorderRadius', 'Such as 1rem or 8px')}
            />
            <Typography variant="subtitle1" component="h3" fontWeight={700}>
              Layout
            </Typography>
            {STYLE_FIELDS.map(({ name, label, options, describe }) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field }) => (
                  <TextField select label={label} fullWidth {...field}>
                    {options.map((option) => (
                      <MenuItem key={option} value={option}>
                        {describe[option]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={2} sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <Typography variant="subtitle1" component="h3" fontWeight={700}>
              Live preview
            </Typography>
            <ThemePreview
              settings={preview}
              siteName={site.siteName || DEFAULT_SITE_SETTINGS.siteName}
              buildTheme={buildTheme}
            />
            <Typography variant="body2" color="text.secondary">
              The shop changes for everyone as soon as you save.
            </Typography>
          </Stack>
        </Grid>
      </Grid>
      <Typography variant="subtitle1" component="h3" fontWeight={700}>
        Custom CSS
      </Typography>
      <TextField
        label="Custom CSS"
        multiline
        minRows={4}
        maxRows={16}
        {...register('themeCustomCss')}
        error={Boolean(errors.themeCustomCss)}
        helperText={
          errors.themeCustomCss?.message ??
          'Applied to shop pages, not to this console. Checked before saving: no HTML or </style>, no @import, no backslash escapes, and url() only for files on this site (such as url(/images/banner.png)).'
        }
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Alert severity="info">
        Custom JavaScript is not supported: a script saved here would run on every shopper&apos;s
        page, where a mistake or a stolen administrator account could take over customers&apos;
        sessions and payments (cross-site scripting).
      </Alert>
    </SettingsForm>
  );
}
