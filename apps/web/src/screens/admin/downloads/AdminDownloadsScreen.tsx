import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, ShieldAlert, Upload } from 'lucide-react';
import type { VideoCatalogSummary, VideoImportErrorBody, VideoImportResult } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../../api/client';
import { Button, Card, CardHeader, ErrorState, Spinner, buttonClass, toast } from '../../../components/ui';
import { ADMIN_SESSION_KEY, isAdminAuthError } from '../api';
import { importResultText, summaryLine } from './downloads-logic';
import '../../../components/analysis/analysis.css';
import './downloads.css';

export const SUMMARY_URL = '/api/admin/exercise-videos/summary';
export const DOWNLOAD_URL = '/api/download/excel';
const IMPORT_URL = '/api/admin/exercise-videos/import';

function SignInNeeded() {
  return (
    <Card className="dl-state">
      <ShieldAlert size={28} aria-hidden />
      <p className="sf-state__title">Admin sign-in required</p>
      <Link to="/admin-login" className={buttonClass('primary')}>
        Go to Admin Login
      </Link>
    </Card>
  );
}

/** Hands the spreadsheet's URL to the browser's own download, as the link would. */
function saveFile(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/**
 * Download Excel checks the admin session first. The plain link, once the session had lapsed, left the
 * page as it was while the browser cancelled the 401 download: no file and no word. Now a lapsed session
 * goes to /admin-login like every other admin call (specification section 4), and the file is saved otherwise.
 */
function useDownload(fileName: string) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (checking) return;
    setChecking(true);
    try {
      await queryClient.fetchQuery({ queryKey: ADMIN_SESSION_KEY, staleTime: 0 });
      saveFile(DOWNLOAD_URL, fileName);
    } catch (error) {
      // A 401/403 is the admin guard's: it sends the browser to /admin-login.
      if (!isAdminAuthError(error)) toast({ title: 'Download Failed', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };
  return { download, checking };
}

function DownloadLink({ fileName }: { fileName: string }) {
  const { download, checking } = useDownload(fileName);
  return (
    <a href={DOWNLOAD_URL} download={fileName} onClick={(e) => void download(e)} aria-disabled={checking || undefined} className={`${buttonClass('primary', 'lg', true)} an-mt`}>
      <Download size={18} aria-hidden /> Download Excel
    </a>
  );
}

function Counts({ summary }: { summary: VideoCatalogSummary }) {
  return (
    <Card aria-label="Videos per category">
      <CardHeader title="Videos per category" />
      <table className="dl-table">
        <tbody>
          {summary.categories.map((c) => (
            <tr key={c.category}>
              <th scope="row">{c.label}</th>
              <td>{c.count}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{summary.total}</td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

function ImportProblems({ body, id }: { body: VideoImportErrorBody; id: string }) {
  return (
    <div id={id} className="dl-problems" role="alert">
      <p className="an-strong">{body.message}</p>
      {body.rowErrors && body.rowErrors.length > 0 && (
        <ul>
          {body.rowErrors.map((e, i) => (
            <li key={i}>
              <b>
                {e.sheet}, row {e.row}
              </b>
              : {e.reason}
            </li>
          ))}
        </ul>
      )}
      {body.errorCount !== undefined && body.rowErrors && body.errorCount > body.rowErrors.length && <p className="an-small">…and {body.errorCount - body.rowErrors.length} more.</p>}
    </div>
  );
}

function ImportCard() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f);
      return apiRequest<VideoImportResult>('POST', IMPORT_URL, form);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: [SUMMARY_URL] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
  };
  const problems = upload.error instanceof ApiError && typeof upload.error.body === 'object' ? (upload.error.body as VideoImportErrorBody) : undefined;
  // A refused spreadsheet is the file field's problem: marked, linked to the rows refused, and focused so the
  // admin picks the corrected file from there. A failed call (no rows named) is not the file's fault.
  const problemsId = `${useId()}-problems`;
  useEffect(() => {
    if (problems) input.current?.focus();
  }, [problems]);
  return (
    <Card aria-label="Re-import the spreadsheet">
      <CardHeader title="Re-import the spreadsheet" icon={<Upload size={18} />} />
      <form className="an-stack" onSubmit={submit}>
        <label className="dl-file">
          <FileSpreadsheet size={20} aria-hidden />
          <span>{file ? file.name : 'Choose the edited .xlsx file'}</span>
          <input ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-label="Spreadsheet file" aria-invalid={problems ? true : undefined} aria-describedby={problems ? problemsId : undefined} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <Button type="submit" disabled={!file} loading={upload.isPending}>
          Import Spreadsheet
        </Button>
      </form>
      {upload.isSuccess && (
        <p className="an-ok an-mt" role="status">
          {importResultText(upload.data)}
        </p>
      )}
      {upload.isError && (problems ? <ImportProblems body={problems} id={problemsId} /> : <p className="an-error-text an-mt">Import failed. Please try again.</p>)}
    </Card>
  );
}

function Instructions() {
  return (
    <Card aria-label="How to edit and re-import">
      <CardHeader title="How to edit and re-import" />
      <ol className="an-list dl-steps">
        <li>Download the spreadsheet and open it in Excel, Numbers or Google Sheets.</li>
        <li>Edit rows on the Videos sheet or add new rows at the bottom. Keep each row's Video ID: it is how a changed row updates its video instead of adding a copy.</li>
        <li>Only add YouTube videos you have watched and checked. Link a video to an exercise with its key from the Exercises sheet.</li>
        <li>To hide a video, set Active to No. Removing a row does not delete the video.</li>
        <li>Save as .xlsx and import it here. Every row is checked first; if one has a problem, nothing changes and each problem is listed with its row number.</li>
      </ol>
    </Card>
  );
}

/** /admin/downloads content: the exercise-video database as a spreadsheet, its counts, and the re-import. */
export function AdminDownloadsScreen() {
  const summary = useQuery<VideoCatalogSummary>({ queryKey: [SUMMARY_URL] });
  const denied = summary.error instanceof ApiError && (summary.error.status === 401 || summary.error.status === 403);
  return (
    <div className="dl-page an-screen">
      <h1 className="an-title">Downloads</h1>
      {summary.isLoading ? (
        <Card className="an-center">
          <Spinner />
        </Card>
      ) : denied ? (
        <SignInNeeded />
      ) : summary.isError || !summary.data ? (
        <Card>
          <ErrorState title="Unable to load the video database" onRetry={() => void summary.refetch()} />
        </Card>
      ) : (
        <>
          <Card aria-label="Exercise video database">
            <CardHeader title="Exercise Video Database" icon={<FileSpreadsheet size={18} />} />
            <p className="an-muted" data-testid="download-info">
              {summaryLine(summary.data)}
            </p>
            <DownloadLink fileName={summary.data.fileName} />
            <p className="an-small an-mt">{summary.data.fileName}</p>
          </Card>
          <Counts summary={summary.data} />
          <ImportCard />
          <Instructions />
        </>
      )}
    </div>
  );
}
