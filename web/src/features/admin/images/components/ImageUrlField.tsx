import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ImageOrPlaceholder } from '@/components/ImageOrPlaceholder';
import { ImageLibraryDialog } from './ImageLibraryDialog';

/** A preview that falls back to the placeholder when the address does not load. */
export function ImagePreview({
  url,
  alt,
  width = 96,
}: {
  url: string;
  alt: string;
  width?: number;
}) {
  return (
    <ImageOrPlaceholder
      src={url}
      alt={alt}
      sx={{
        width,
        aspectRatio: '16 / 10',
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'grey.100',
        flexShrink: 0,
      }}
    />
  );
}

/**
 * An image address typed by hand or picked from the Image Library, with a preview. For
 * react-hook-form's Controller: `value`, `onChange`, and the field's error.
 */
export function ImageUrlField({
  value,
  onChange,
  onBlur,
  error,
  label = 'Image URL',
}: {
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  error?: string;
  label?: string;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start">
      <ImagePreview url={value} alt="" />
      <Stack spacing={1} sx={{ flexGrow: 1 }}>
        <TextField
          label={label}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? 'A web address or a path on this site, such as /images/prize.png'}
          fullWidth
        />
        <Box>
          <Button size="small" startIcon={<PhotoLibrary />} onClick={() => setPicking(true)}>
            Choose from Image Library
          </Button>
        </Box>
      </Stack>
      {picking && (
        <ImageLibraryDialog
          onClose={() => setPicking(false)}
          onSelect={(url) => {
            onChange(url);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
