import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

type LoadMoreButtonProps = {
  label: string;
  /** "Showing 20 of 45", read out when it changes. */
  status: string;
  canLoadMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
};

/** SPEC §9 load-more: appends the next page under the list. */
export function LoadMoreButton({ label, status, canLoadMore, loading, onLoadMore }: LoadMoreButtonProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {status}
      </Typography>
      {(canLoadMore || loading) && (
        <Button
          variant="outlined"
          onClick={onLoadMore}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {label}
        </Button>
      )}
    </Box>
  );
}
