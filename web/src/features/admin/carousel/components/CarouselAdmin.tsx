import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CAROUSEL_MESSAGES,
  RAFFLE_CATEGORY_LABELS,
  type CarouselSlide,
  type SaveCarouselSlideInput,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { DataTable } from '@/components/DataTable';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { ImagePreview } from '../../images/components/ImageUrlField';
import { useAllSlides } from '../api/useAllSlides';
import { RafflePickerDialog, slideFromRaffle } from './RafflePickerDialog';
import { NEW_SLIDE, SlideFormDialog } from './SlideFormDialog';

function editable(slide: CarouselSlide): SaveCarouselSlideInput {
  return {
    slideId: slide.id,
    title: slide.title,
    description: slide.description,
    imageUrl: slide.imageUrl,
    category: slide.category ?? ('' as SaveCarouselSlideInput['category']),
    buttonText: slide.buttonText,
    buttonLink: slide.buttonLink,
    isActive: slide.isActive,
    // The version the form shows: a save over a later change is refused, not applied.
    seenUpdatedAt: slide.updatedAt?.getTime() ?? null,
  };
}

/** How a slide is named to assistive technology: its title, or its place in the carousel. */
const slideName = (slide: CarouselSlide, index: number) => slide.title || `slide ${index + 1}`;

/**
 * The Carousel editor: every slide with image, title, category, status and
 * order; move up and down (swapping with the neighbour), edit, delete; New Slide and Add from
 * Raffles.
 */
export function CarouselAdmin() {
  const { reportError, describeFailure } = useAdminAccess();
  const { status, data: slides, error } = useAllSlides();
  const [form, setForm] = useState<SaveCarouselSlideInput | null>(null);
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState<CarouselSlide | null>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash } = useFlashOrFailure();

  useEffect(() => {
    if (error) reportError(error, CAROUSEL_MESSAGES.notAdmin);
  }, [error, reportError]);

  const act = (slideId: string, run: () => Promise<unknown>, done: string, failed: string) =>
    attempt(run, {
      busy: slideId,
      success: done,
      failure: describeFailure(failed, CAROUSEL_MESSAGES.notAdmin),
    });

  const move = (slide: CarouselSlide, direction: 'up' | 'down') =>
    act(
      slide.id,
      () => call('moveCarouselSlide', { slideId: slide.id, direction }),
      CAROUSEL_MESSAGES.moved,
      CAROUSEL_MESSAGES.reorderFailed,
    );
  const toggle = (slide: CarouselSlide) =>
    act(
      slide.id,
      () => call('setCarouselSlideActive', { slideId: slide.id, isActive: !slide.isActive }),
      slide.isActive ? CAROUSEL_MESSAGES.deactivated : CAROUSEL_MESSAGES.activated,
      CAROUSEL_MESSAGES.statusFailed,
    );
  const remove = async (slide: CarouselSlide) => {
    await act(
      slide.id,
      () => call('deleteCarouselSlide', { slideId: slide.id }),
      CAROUSEL_MESSAGES.deleted,
      CAROUSEL_MESSAGES.deleteFailed,
    );
    setDeleting(null);
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Carousel
        </Typography>
        <Button variant="outlined" startIcon={<EmojiEvents />} onClick={() => setPicking(true)}>
          Add from Raffles
        </Button>
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm(NEW_SLIDE)}>
          New Slide
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {status === 'error' && <Alert severity="error">{CAROUSEL_MESSAGES.loadFailed}</Alert>}
      {status === 'loading' && (
        <CircularProgress aria-label="Loading slides" sx={{ alignSelf: 'center' }} />
      )}
      {status === 'success' && slides.length === 0 && (
        <Typography color="text.secondary">
          No slides yet: the home page shows no carousel.
        </Typography>
      )}
      {slides.length > 0 && (
        <DataTable
          label="Carousel slides"
          columns={[
            'Order',
            'Image',
            'Title',
            'Category',
            'Status',
            { label: 'Actions', align: 'right' },
          ]}
        >
          {slides.map((slide, index) => {
            const name = slideName(slide, index);
            return (
              <TableRow key={slide.id} data-testid="slide-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0 || busy !== null}
                    onClick={() => void move(slide, 'up')}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${name} down`}
                    disabled={index === slides.length - 1 || busy !== null}
                    onClick={() => void move(slide, 'down')}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </TableCell>
                <TableCell>
                  <ImagePreview url={slide.imageUrl} alt="" width={96} />
                </TableCell>
                <TableCell>{slide.title || <em>No title</em>}</TableCell>
                <TableCell>
                  {slide.category ? RAFFLE_CATEGORY_LABELS[slide.category] : '–'}
                </TableCell>
                <TableCell>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={slide.isActive}
                        disabled={busy === slide.id}
                        onChange={() => void toggle(slide)}
                        slotProps={{ input: { 'aria-label': `Active: ${name}` } }}
                      />
                    }
                    label={slide.isActive ? 'Active' : 'Inactive'}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={`Edit ${name}`} onClick={() => setForm(editable(slide))}>
                    <Edit />
                  </IconButton>
                  <IconButton
                    color="error"
                    aria-label={`Delete ${name}`}
                    onClick={() => setDeleting(slide)}
                  >
                    <Delete />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </DataTable>
      )}
      {picking && (
        <RafflePickerDialog
          onClose={() => setPicking(false)}
          onPick={(raffle) => {
            setPicking(false);
            setForm(slideFromRaffle(raffle));
          }}
        />
      )}
      {form && (
        <SlideFormDialog
          initial={form}
          onClose={() => setForm(null)}
          onSaved={(message) => {
            setForm(null);
            succeed(message);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete slide"
          message={`Delete "${deleting.title || 'this slide'}" from the carousel? This action cannot be undone.`}
          busy={busy === deleting.id}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
