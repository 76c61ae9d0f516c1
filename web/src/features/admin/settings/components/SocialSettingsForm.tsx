import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SETTINGS_MESSAGES,
  SOCIAL_NETWORKS,
  isPlaceholderLink,
  socialLinksSchema,
  type SocialNetwork,
  type SocialSettings,
} from '@rafflewin/domain';
import { useState } from 'react';
import type { z } from 'zod';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { SettingsForm } from './SettingsForm';

type SocialFormValues = z.input<typeof socialLinksSchema>;

const LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  website: 'Website',
};

/** The stored links as the form shows them: the '#' placeholder as an empty field. */
function formValues(social: SocialSettings): SocialFormValues {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [
      network,
      isPlaceholderLink(social[network]) ? '' : social[network],
    ]),
  ) as SocialFormValues;
}

/** Social Media: the footer's links; an empty field shows that icon disabled or not at all. */
export function SocialSettingsForm({
  social,
  onSaved,
}: {
  social: SocialSettings;
  onSaved: () => void;
}) {
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  // The links the form was filled with: only what differs from them is saved.
  const [seen, setSeen] = useState(() => formValues(social));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(socialLinksSchema, seen);

  const submit = handleSubmit(async (settings) => {
    setFailure(null);
    try {
      const saved = await call('updateSiteSettings', { group: 'social', settings, seen });
      if (saved.group === 'social') {
        setSeen(formValues(saved.settings));
        reset(formValues(saved.settings));
      }
      onSaved();
    } catch (error) {
      setFailure(describeFailure(SETTINGS_MESSAGES.updateFailed('social media'))(error));
    }
  });

  return (
    <SettingsForm
      title="Social Media"
      submitLabel="Save Social Links"
      busy={isSubmitting}
      failure={failure}
      onSubmit={(event) => void submit(event)}
    >
      <Typography color="text.secondary">
        Full links, such as https://www.facebook.com/yourpage. Leave a field empty when the shop has
        no account there: Facebook, X, Instagram and YouTube then show greyed out in the footer, the
        others not at all.
      </Typography>
      {SOCIAL_NETWORKS.map((network) => (
        <TextField
          key={network}
          label={LABELS[network]}
          type="url"
          placeholder="https://"
          {...register(network)}
          error={Boolean(errors[network])}
          helperText={errors[network]?.message}
        />
      ))}
    </SettingsForm>
  );
}
