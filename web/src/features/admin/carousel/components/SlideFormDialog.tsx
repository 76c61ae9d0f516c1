import TextField from '@mui/material/TextField';
import {
  CAROUSEL_MESSAGES,
  DEFAULT_SLIDE_BUTTON_TEXT,
  saveCarouselSlideInput,
  type SaveCarouselSlideInput,
} from '@rafflewin/domain';
import { useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { ActiveSwitchControl, CategoryControl, ImageUrlControl } from '../../forms/raffleFields';

/** A blank new slide. */
export const NEW_SLIDE: SaveCarouselSlideInput = {
  slideId: null,
  title: '',
  description: '',
  imageUrl: '',
  category: '' as SaveCarouselSlideInput['category'],
  buttonText: DEFAULT_SLIDE_BUTTON_TEXT,
  buttonLink: '',
  isActive: true,
};

/** New Slide / Edit Slide, validated with the `saveCarouselSlide` schema. */
export function SlideFormDialog({
  initial,
  onClose,
  onSaved,
}: {
  initial: SaveCarouselSlideInput;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(saveCarouselSlideInput, initial);
  const isNew = initial.slideId === null;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('saveCarouselSlide', values);
      onSaved(isNew ? CAROUSEL_MESSAGES.created : CAROUSEL_MESSAGES.updated);
    } catch (error) {
      setFailure(describeFailure(CAROUSEL_MESSAGES.saveFailed, CAROUSEL_MESSAGES.notAdmin)(error));
    }
  });

  return (
    <FormDialog
      title={isNew ? 'New Slide' : 'Edit Slide'}
      submitLabel={isNew ? 'Create Slide' : 'Save Changes'}
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField label="Title (optional)" {...field('title')} />
      <TextField label="Description" multiline minRows={2} {...field('description')} />
      <ImageUrlControl control={control} errors={errors} />
      <CategoryControl control={control} errors={errors} />
      <TextField label="Button text" {...field('buttonText')} />
      <TextField
        label="Button link"
        placeholder="/competitions"
        {...field('buttonLink')}
        helperText={errors.buttonLink?.message ?? 'A path on this site, such as /competitions/cash'}
      />
      <ActiveSwitchControl control={control} />
    </FormDialog>
  );
}
