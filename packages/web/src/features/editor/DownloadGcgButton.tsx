import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';

/** Saves the game's GCG (GameMetadataService.GetGCG, which serves annotated games too). */
export function DownloadGcgButton({ gameId }: { gameId: string }) {
  const { api, notifications } = useServices();
  const download = useMutation({
    mutationFn: () => api.gameMetadata.getGCG({ gameId }),
    onSuccess: (r) => {
      const url = URL.createObjectURL(new Blob([r.gcg], { type: 'text/plain' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = r.fileName || `${gameId}.gcg`;
      a.click();
      URL.revokeObjectURL(url);
    },
    onError: (e) => notifications.show('error', errorText(e)),
  });
  return (
    <button type="button" disabled={download.isPending} onClick={() => download.mutate()}>
      Download GCG
    </button>
  );
}
