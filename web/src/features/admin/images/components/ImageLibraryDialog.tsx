import Delete from '@mui/icons-material/Delete';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardMedia from '@mui/material/CardMedia';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD,
  RESIZE_PRESETS,
  addLibraryImageInput,
  checkImageFile,
  type LibraryImage,
  type ResizePresetId,
} from '@rafflewin/domain';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useSession } from '@/hooks/useSession';
import { call } from '@/lib/callables';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { useLibraryImages } from '../api/useLibraryImages';
import { uploadLibraryImage, uploadsAvailable } from '../api/uploadImage';

function LibraryTile({
  image,
  onSelect,
  onDelete,
}: {
  image: LibraryImage;
  onSelect: () => void;
  onDelete: () => void;
}) {
  const picture = useImageOrPlaceholder(image.url);
  return (
    <Card variant="outlined" data-testid="library-image">
      <CardMedia
        component="img"
        image={picture.src}
        alt={image.name}
        onError={picture.onError}
        loading="lazy"
        sx={{ aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.100' }}
      />
      <Typography variant="body2" noWrap title={image.name} sx={{ px: 1, pt: 1 }}>
        {image.name}
      </Typography>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        <Button size="small" variant="contained" onClick={onSelect}>
          Select
        </Button>
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete ${image.name}`}
          onClick={onDelete}
        >
          <Delete fontSize="small" />
        </IconButton>
      </CardActions>
    </Card>
  );
}

/** What the library said last, taken away by each new try (see ImageLibraryDialog). */
interface AddImageProps {
  onTry: () => void;
  onAdded: (message: string) => void;
}

/**
 * One way of adding an image: busy while it runs, then the library's "added" message, or the
 * failure in words (or the console's access panel when the right was lost).
 */
function useAddImage(onAdded: (message: string) => void, failure: string) {
  const { describeFailure } = useAdminAccess();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onAdded(IMAGE_MESSAGES.added);
    } catch (caught) {
      setError(describeFailure(failure)(caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, add };
}

/** The form of one way of adding an image, under its own small heading. */
function AddImageForm({
  label,
  title,
  onSubmit,
  children,
}: {
  label: string;
  title: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-label={label}
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Add by URL: both fields required, the name unique (checked by the server). */
function AddByUrl({ onTry, onAdded }: AddImageProps) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const { error, setError, busy, add } = useAddImage(onAdded, IMAGE_MESSAGES.saveFailed);

  const submit = async () => {
    onTry();
    const input = {
      name,
      url,
      storagePath: null,
      contentType: null,
      sizeBytes: null,
      metadata: null,
    };
    const parsed = addLibraryImageInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? IMAGE_MESSAGES.saveFailed);
      return;
    }
    await add(async () => {
      await call('addLibraryImage', input);
      setName('');
      setUrl('');
    });
  };

  return (
    <AddImageForm label="Add image by URL" title="Add by URL" onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
        <TextField
          size="small"
          label="Image name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          size="small"
          label="Image URL"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          Add Image
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </AddImageForm>
  );
}

/** Upload a file: checked (type, size, name), resized in the browser, stored in Storage. */
function UploadFile({ onTry, onAdded }: AddImageProps) {
  const uploadedBy = useSession().user?.uid ?? '';
  const fileInputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<ResizePresetId>('original');
  const [custom, setCustom] = useState({ width: '1200', height: '800' });
  const { error, setError, busy, add } = useAddImage(onAdded, IMAGE_MESSAGES.uploadFailed);

  if (!uploadsAvailable) {
    return <Alert severity="info">{IMAGE_MESSAGES.uploadsUnavailable}</Alert>;
  }

  const bounds = () => {
    if (preset === 'custom') {
      const width = Number(custom.width);
      const height = Number(custom.height);
      return Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1
        ? { width, height }
        : null;
    }
    const chosen = RESIZE_PRESETS.find((p) => p.id === preset);
    return chosen?.width && chosen.height ? { width: chosen.width, height: chosen.height } : null;
  };

  const submit = async () => {
    onTry();
    const problem = checkImageFile(file, name);
    if (problem) return setError(problem);
    const size = bounds();
    if (preset === 'custom' && !size) return setError(IMAGE_MESSAGES.customSizeInvalid);
    await add(async () => {
      await uploadLibraryImage(file!, name.trim(), size, uploadedBy);
      setFile(null);
      setName('');
    });
  };

  return (
    <AddImageForm label="Upload an image" title="Upload a file" onSubmit={submit}>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <Button variant="outlined" component="label" htmlFor={fileInputId}>
            Choose file
            <input
              id={fileInputId}
              type="file"
              hidden
              accept={IMAGE_UPLOAD.contentTypes.join(',')}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen && !name) setName(chosen.name.replace(/\.[^.]+$/, ''));
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" noWrap>
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            select
            size="small"
            label="Resize"
            value={preset}
            onChange={(e) => setPreset(e.target.value as ResizePresetId)}
            sx={{ minWidth: 160 }}
          >
            {RESIZE_PRESETS.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {preset === 'custom' && (
            <>
              <TextField
                size="small"
                type="number"
                label="Max width"
                value={custom.width}
                onChange={(e) => setCustom((c) => ({ ...c, width: e.target.value }))}
                slotProps={{ htmlInput: { min: 1 } }}
              />
              <TextField
                size="small"
                type="number"
                label="Max height"
                value={custom.height}
                onChange={(e) => setCustom((c) => ({ ...c, height: e.target.value }))}
                slotProps={{ htmlInput: { min: 1 } }}
              />
            </>
          )}
        </Stack>
        <Box>
          <Button type="submit" variant="outlined" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </Button>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </AddImageForm>
  );
}

/**
 * The Image Library: search by name, a grid with Select and Delete, add by
 * URL or upload a file. Selecting an image hands its URL to the form that opened it.
 */
export function ImageLibraryDialog({
  onSelect,
  onClose,
}: {
  onSelect: (url: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { reportError, describeFailure } = useAdminAccess();
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, data: images, hasMore, error } = useLibraryImages(search, pages);
  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);

  /** Each try takes away what an earlier one said: a success no longer stands beside a refusal. */
  const clearOutcome = () => {
    setNotice(null);
    setDeleteError(null);
  };

  const remove = async (image: LibraryImage) => {
    setBusy(true);
    clearOutcome();
    try {
      await call('deleteLibraryImage', { imageId: image.id });
      setNotice(IMAGE_MESSAGES.deleted);
    } catch (caught) {
      setDeleteError(describeFailure(IMAGE_MESSAGES.deleteFailed)(caught));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Image Library</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Search images by name"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPages(1);
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search />
                  </InputAdornment>
                ),
              },
            }}
          />
          {notice && (
            <Alert severity="success" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {deleteError && <Alert severity="error">{deleteError}</Alert>}
          {status === 'error' && <Alert severity="error">{IMAGE_MESSAGES.loadFailed}</Alert>}
          {status === 'loading' && images.length === 0 && (
            <CircularProgress aria-label="Loading images" sx={{ alignSelf: 'center' }} />
          )}
          {status === 'success' && images.length === 0 && (
            <Typography color="text.secondary">
              {search ? 'No images match this name.' : 'The library is empty: add an image below.'}
            </Typography>
          )}
          <Grid container spacing={2}>
            {images.map((image) => (
              <Grid key={image.id} size={{ xs: 6, sm: 4, md: 3 }}>
                <LibraryTile
                  image={image}
                  onSelect={() => onSelect(image.url)}
                  onDelete={() => setDeleting(image)}
                />
              </Grid>
            ))}
          </Grid>
          {hasMore && (
            <Button onClick={() => setPages((p) => p + 1)} sx={{ alignSelf: 'center' }}>
              Show more
            </Button>
          )}
          <Divider />
          <AddByUrl onTry={clearOutcome} onAdded={setNotice} />
          <UploadFile onTry={clearOutcome} onAdded={setNotice} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {deleting && (
        <ConfirmDialog
          title="Delete image"
          message={`Delete "${deleting.name}" from the library? Raffles and slides already using it keep their link.`}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Dialog>
  );
}
