// Business-card picker: one JPG/PNG at most 6 MB, checked by content, with a preview.
import { Box, Button, Field, HStack, Image, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useAccessT } from '../i18n/use-access-t';
import { readCardImage, type PickedCardImage } from './card-image';

export interface CardImageFieldProps {
  value: PickedCardImage | null;
  onChange: (image: PickedCardImage | null) => void;
  error?: string;
  onError: (key: string | undefined) => void;
  required?: boolean;
}

export function CardImageField(p: CardImageFieldProps) {
  const { t } = useAccessT();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setReading(true);
    try {
      const result = await readCardImage(files);
      if (result.ok) {
        p.onError(undefined);
        p.onChange(result.image);
      } else {
        p.onError(result.error);
      }
    } finally {
      setReading(false);
      if (input.current) input.current.value = ''; // the same file may be picked again
    }
  };

  return (
    <Field.Root invalid={!!p.error} required={p.required}>
      <Field.Label>
        {t('fields.cardImage')}
        {p.required && <Field.RequiredIndicator />}
      </Field.Label>
      <HStack gap="3" align="center" w="100%">
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          data-testid="field-cardImage"
          style={{ display: 'none' }}
          onChange={(e) => void onFiles(e.target.files)}
        />
        <Button variant="outline" size="sm" loading={reading} onClick={() => input.current?.click()}>
          {p.value ? t('card.replace') : t('card.choose')}
        </Button>
        {p.value && (
          <>
            <Box borderWidth="1px" borderColor="gray.200" rounded="md" overflow="hidden" w="20" h="12" bg="gray.50">
              <Image src={p.value.previewUrl} alt={t('card.previewAlt')} data-testid="card-preview" w="100%" h="100%" objectFit="cover" />
            </Box>
            <Text fontSize="xs" color="fg.muted" truncate maxW="40">
              {p.value.fileName}
            </Text>
            <Button variant="ghost" size="xs" onClick={() => p.onChange(null)}>
              {t('card.remove')}
            </Button>
          </>
        )}
      </HStack>
      {p.error ? (
        <Field.ErrorText data-testid="error-cardImage">{t(p.error)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t('card.hint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}
