import Box, { type BoxProps } from '@mui/material/Box';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';

type ImageProps = Omit<BoxProps<'img'>, 'component' | 'src' | 'onError'> & {
  /** The image's address; the placeholder shows where there is none or it fails to load. */
  src: string | null | undefined;
};

/** An image (`<img>` with MUI's `sx`) that shows the shop's placeholder in place of a broken one. */
export function ImageOrPlaceholder({ src, ...props }: ImageProps) {
  const image = useImageOrPlaceholder(src);
  return <Box component="img" src={image.src} onError={image.onError} {...props} />;
}
