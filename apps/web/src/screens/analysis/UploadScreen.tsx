import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Crown, Gauge, Lock, Upload, Video } from 'lucide-react';
import { UPLOAD_BOUNDS, smashFactor, type UploadIssue, type UploadStatus, type VideoField } from '@swingfit/contracts';
import { Badge, Button, Card, CardHeader, ErrorState, Field, Input, ProgressBar, Select, Spinner, buttonClass, toast } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import { fileSize } from '../../lib/format';
import { refreshAnalysisData, useUploadStatus } from '../../components/analysis/queries';
import { uploadFailureToast, uploadSwingVideos } from '../../components/analysis/logic/api';
import { fieldErrors } from '../../lib/errors';
import {
  EMPTY_UPLOAD_FORM,
  buildUploadFormData,
  checkPickedVideo,
  clubAvailable,
  initialClub,
  uploadLimitReached,
  validateUploadForm,
  type UploadFormValues,
} from '../../components/analysis/logic/upload-form';
import '../../components/analysis/analysis.css';
import { PROFILE_UPGRADE } from '../../lib/routes';

const ACCEPT = 'video/*,.mp4,.mov,.avi,.mpg,.mpeg,.wmv,.webm,.flv,.m4v,.3gp,.mkv';

export const FREE_LIMIT_TEXT = "You've used your free video upload. Upgrade to premium for weekly uploads.";

/** The 'Upload Limit Reached' gate of section 2. */
export function UploadLimitGate({ status }: { status: UploadStatus }) {
  return (
    <div className="an-screen">
      <Card className="an-center an-gate" role="alert">
        <div className="an-gate-icon" aria-hidden>
          <Lock size={26} />
        </div>
        <h1 className="an-title">Upload Limit Reached</h1>
        {status.isPremium ? (
          <>
            <p className="an-strong">Weekly Upload Limit Reached</p>
            <p className="an-muted">You've uploaded your Driver and 7-Iron videos this week. Uploads reset Sunday at midnight (Central Time).</p>
          </>
        ) : (
          <p className="an-muted">{FREE_LIMIT_TEXT}</p>
        )}
        <div className="an-stack an-mt">
          {!status.isPremium && (
            <Link to={PROFILE_UPGRADE} className={buttonClass('primary', 'md', true)}>
              <Crown size={16} /> Upgrade Now
            </Link>
          )}
          <Link to="/" className={buttonClass('outline', 'md', true)}>
            Return to Dashboard
          </Link>
        </div>
      </Card>
    </div>
  );
}

type VideoPickerProps = { field: VideoField; label: string; hint: string; file: File | null; error?: string; onPick: (field: VideoField, file: File | null) => void };

function VideoPicker({ field, label, hint, file, error, onPick }: VideoPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    onPick(field, picked);
    // Picking the same file again after a rejection must fire change again.
    if (input.current) input.current.value = '';
  };
  return (
    <div className="an-stack-tight">
      <label htmlFor={id} className={`an-drop${file ? ' an-drop--filled' : ''}`}>
        <Video size={24} aria-hidden />
        <b>{label}</b>
        {file ? (
          <span>
            {file.name} · {fileSize(file.size)}
          </span>
        ) : (
          <span className="an-small">{hint}</span>
        )}
        <span className="an-small">{file ? 'Tap to choose another video' : 'Tap to choose a video (max 100MB)'}</span>
      </label>
      <input
        ref={input}
        id={id}
        name={field}
        type="file"
        accept={ACCEPT}
        className="sf-visually-hidden"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={`${field}-input`}
      />
      {error && (
        <span id={errorId} className="sf-field__error">
          {error}
        </span>
      )}
      {file && (
        <Button variant="ghost" size="sm" onClick={() => onPick(field, null)}>
          Remove
        </Button>
      )}
    </div>
  );
}

function LockedDownTheLine() {
  return (
    <div className="an-drop an-drop--locked" aria-disabled="true">
      <Lock size={22} aria-hidden />
      <div className="an-row">
        <b>Down-the-Line Video</b>
        <Badge variant="premium">
          <Crown size={12} /> Premium
        </Badge>
      </div>
      <span className="an-small">
        Down-the-line analysis is available with Premium. <Link to="/subscribe">Upgrade</Link>
      </span>
    </div>
  );
}

type NumberFieldProps = { name: keyof typeof UPLOAD_BOUNDS; values: UploadFormValues; onChange: FieldChange; placeholder?: string; problem?: FieldProblem };

function NumberField({ name, values, onChange, placeholder, problem }: NumberFieldProps) {
  const b = UPLOAD_BOUNDS[name];
  return (
    <Field label={`${b.label}${b.unit ? ` (${b.unit === '°' ? 'degrees' : b.unit})` : ''}`} error={problem?.(name)}>
      <Input
        type="number"
        inputMode="decimal"
        name={name}
        min={b.min}
        max={b.max}
        step={b.step ?? 'any'}
        placeholder={placeholder}
        value={values[name]}
        onChange={(e) => onChange(name, e.target.value)}
      />
    </Field>
  );
}

type FieldChange = (name: keyof UploadFormValues, value: string) => void;
/** The message to show under a field, when the last check found its problem there. */
type FieldProblem = (field: string) => string | undefined;

/**
 * Section 5's refusals (a toast, as the spec has them) also said under the field they concern, with focus
 * moved there: on a phone the toast is gone after 5 s and the field it meant ('Age must be between 10 and
 * 100') sat two screens up from the Upload button, unmarked. The mark goes when that field is changed.
 */
function useFieldProblem() {
  const [issue, setIssue] = useState<Pick<UploadIssue, 'field' | 'message'> | null>(null);
  const show = (found: Pick<UploadIssue, 'field' | 'message'>, form: HTMLFormElement | null) => {
    setIssue(found);
    const target = form?.elements.namedItem(found.field);
    // Of a radio group, the chosen club when it can take focus, else the first that can (a used club is disabled).
    const radios = target instanceof RadioNodeList ? (Array.from(target) as HTMLInputElement[]).filter((r) => !r.disabled) : [];
    const control = target instanceof RadioNodeList ? (radios.find((r) => r.checked) ?? radios[0]) : target;
    if (control instanceof HTMLElement) {
      control.focus({ preventScroll: true });
      // The file input is hidden: its visible drop zone (the label around it) is what is scrolled to.
      (control.closest('.an-stack-tight') ?? control).scrollIntoView?.({ block: 'center' });
    }
  };
  const clear = (field: string) => setIssue((now) => (now?.field === field ? null : now));
  const problem: FieldProblem = (field) => (issue?.field === field ? issue.message : undefined);
  return { show, clear, problem };
}

type ClubChoiceProps = { status: UploadStatus; value: UploadFormValues['clubSelection']; onChange: FieldChange; error?: string };

/**
 * Driver or 7-Iron, as two radios. A refusal ('Club Not Available', the server's 'Invalid Club Selection') is
 * linked as every other field's is: the group and each radio carry aria-invalid and point at the message, so
 * the radio that takes focus reads it out. Before, it sat under the buttons as loose text that focus skipped.
 */
function ClubChoice({ status, value, onChange, error }: ClubChoiceProps) {
  const errorId = `${useId()}-error`;
  const problem = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="an-fieldset" role="radiogroup" {...problem}>
      <legend className="sf-field__label">Club</legend>
      <div className="an-segment">
        {(['driver', '7-iron'] as const).map((club) => {
          const available = clubAvailable(status, club) || !status.isPremium;
          return (
            <label key={club}>
              <input type="radio" name="clubSelection" value={club} checked={value === club} disabled={!available} onChange={() => onChange('clubSelection', club)} {...problem} />
              {club === 'driver' ? 'Driver' : '7-Iron'}
              {!available && <span className="an-small">&nbsp;· used this week</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <span id={errorId} className="sf-field__error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** Club (one not yet used this week, for Premium), tour comparison and age. */
function SwingDetailsCard({ status, values, onChange: set, problem }: { status: UploadStatus; values: UploadFormValues; onChange: FieldChange; problem: FieldProblem }) {
  return (
    <Card>
      <CardHeader title="Swing Details" />
      <div className="an-stack">
        <ClubChoice status={status} value={values.clubSelection} onChange={set} error={problem('clubSelection')} />
        <Field label="Tour comparison" error={problem('gender')}>
          <Select name="gender" value={values.gender} onChange={(e) => set('gender', e.target.value)}>
            <option value="male">Male (PGA Tour)</option>
            <option value="female">Female (LPGA Tour)</option>
          </Select>
        </Field>
        <NumberField name="age" values={values} onChange={set} placeholder="e.g. 42" problem={problem} />
      </div>
    </Card>
  );
}

/** The optional launch-monitor numbers, with the smash factor they give. */
function LaunchMonitorCard({ values, onChange: set, problem }: { values: UploadFormValues; onChange: FieldChange; problem: FieldProblem }) {
  const smash = values.ballSpeed.trim() && Number(values.ballSpeed) > 0 ? smashFactor(Number(values.ballSpeed), Number(values.clubSpeed) || null) : null;
  return (
    <Card>
      <CardHeader title="Launch Monitor Data" icon={<Gauge size={18} />} action={<span className="an-small">Optional</span>} />
      <p className="an-small an-mb">If you enter any number, club speed and ball speed are required.</p>
      <div className="an-grid-2">
        <NumberField name="clubSpeed" values={values} onChange={set} problem={problem} />
        <NumberField name="ballSpeed" values={values} onChange={set} problem={problem} />
        <div className="an-stat an-smash" aria-live="polite">
          <b>{smash === null ? '—' : smash.toFixed(2)}</b>
          <span>Smash factor (computed)</span>
        </div>
        <NumberField name="spinRate" values={values} onChange={set} problem={problem} />
        <NumberField name="clubPath" values={values} onChange={set} placeholder="+ in-to-out" problem={problem} />
        <NumberField name="faceAngle" values={values} onChange={set} placeholder="+ open" problem={problem} />
        <NumberField name="carry" values={values} onChange={set} problem={problem} />
        {values.clubSelection === 'driver' && <NumberField name="total" values={values} onChange={set} problem={problem} />}
      </div>
    </Card>
  );
}

/** The face-on video and, for Premium, the down-the-line one (locked with its upgrade link otherwise). */
function SwingVideosCard({ isPremium, values, problem, onPick }: { isPremium: boolean; values: UploadFormValues; problem: FieldProblem; onPick: VideoPickerProps['onPick'] }) {
  return (
    <Card>
      <CardHeader title="Swing Videos" icon={<Video size={18} />} />
      <div className="an-stack">
        <VideoPicker
          field="faceOnVideo"
          label="Face-On Video (required)"
          hint="Camera facing you, at chest height"
          file={values.faceOnVideo}
          error={problem('faceOnVideo')}
          onPick={onPick}
        />
        {isPremium ? (
          <VideoPicker
            field="downTheLineVideo"
            label="Down-the-Line Video (optional)"
            hint="Camera behind you, along the target line"
            file={values.downTheLineVideo}
            error={problem('downTheLineVideo')}
            onPick={onPick}
          />
        ) : (
          <LockedDownTheLine />
        )}
      </div>
    </Card>
  );
}

/** The toast a video that passed the pick checks gets (section 8's success toasts). */
export const VIDEO_ADDED_TITLE = 'Video Added';
export const videoAddedText = (field: VideoField, name: string) => `${field === 'faceOnVideo' ? 'Face-on' : 'Down-the-line'} video ${name} is ready to upload.`;

function UploadProgressCard({ progress }: { progress: number }) {
  return (
    <Card aria-live="polite">
      <div className="an-between an-mb">
        <span className="an-row">
          <Spinner size="sm" label="" /> {progress < 100 ? 'Uploading video...' : 'Finishing upload...'}
        </span>
        <b>{progress}%</b>
      </div>
      <ProgressBar value={progress} label="Upload progress" />
    </Card>
  );
}

/**
 * The upload carries on when the golfer leaves the screen; arriving, it must not pull them back from
 * wherever they went. True while the form is on screen.
 */
function useOnScreen() {
  const onScreen = useRef(true);
  useEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);
  return onScreen;
}

/** Section 5's checks of a picked video: the file to keep, or null when refused (said in a toast and at the picker). */
function judgePick(file: File, field: VideoField, fieldProblem: ReturnType<typeof useFieldProblem>): File | null {
  const issue = checkPickedVideo(file, field);
  if (issue) {
    toast({ title: issue.title, description: issue.message, variant: 'destructive' });
    fieldProblem.show(issue, null);
    return null;
  }
  // Section 8's 'Video Added': the golfer hears the pick was taken, as they hear a refused one above.
  toast({ title: VIDEO_ADDED_TITLE, description: videoAddedText(field, file.name) });
  fieldProblem.clear(field);
  return file;
}

function UploadForm({ status }: { status: UploadStatus }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const requested = params.get('club');
  const [values, setValues] = useState<UploadFormValues>(() => ({ ...EMPTY_UPLOAD_FORM, clubSelection: initialClub(status, requested) }));
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const formRef = useRef<HTMLFormElement>(null);
  const fieldProblem = useFieldProblem();
  const limitReached = uploadLimitReached(status);
  const onScreen = useOnScreen();

  const set = (name: keyof UploadFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    fieldProblem.clear(name);
  };

  const onPick = (field: VideoField, picked: File | null) => {
    const file = picked && judgePick(picked, field, fieldProblem);
    setValues((v) => ({ ...v, [field]: file }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading || limitReached) return;
    const issue = validateUploadForm(values, status);
    if (issue) {
      toast({ title: issue.title, description: issue.message, variant: 'destructive' });
      fieldProblem.show(issue, formRef.current);
      return;
    }
    setProgress(0);
    try {
      const created = await uploadSwingVideos(buildUploadFormData(values), (f) => setProgress(Math.round(f * 100)));
      toast({ title: 'Upload Successful!', description: 'Your swing video is being analyzed.' });
      void refreshAnalysisData(queryClient);
      if (onScreen.current) navigate(`/analysis-loading/${created.id}`);
    } catch (error) {
      setProgress(null);
      const failure = uploadFailureToast(error);
      toast({ ...failure, variant: 'destructive' });
      // The server's own check of the same rules names the field it refused (e.g. an unreadable face-on video).
      const [field] = Object.keys(fieldErrors(error));
      if (field) fieldProblem.show({ field, message: failure.description }, formRef.current);
      void refreshAnalysisData(queryClient);
    }
  };

  return (
    <form ref={formRef} className="an-screen" onSubmit={onSubmit} noValidate>
      <Link to="/" className="an-link">
        <ArrowLeft size={16} /> Back
      </Link>
      <header>
        <h1 className="an-title">Upload Swing Video</h1>
        <p className="an-subtitle">Film face-on, whole body in frame, one swing per clip, with no net between the camera and you.</p>
        <FilmingTips downTheLine={status.isPremium} />
      </header>

      <SwingVideosCard isPremium={status.isPremium} values={values} problem={fieldProblem.problem} onPick={onPick} />

      <SwingDetailsCard status={status} values={values} onChange={set} problem={fieldProblem.problem} />
      <LaunchMonitorCard values={values} onChange={set} problem={fieldProblem.problem} />
      {uploading && <UploadProgressCard progress={progress} />}

      <Button type="submit" size="lg" block disabled={limitReached || uploading} loading={uploading}>
        {!uploading && <Upload size={18} />}
        {limitReached ? 'Upload Limit Reached' : uploading ? 'Uploading...' : 'Upload & Analyze'}
      </Button>
    </form>
  );
}

/**
 * What makes a video read well, collapsed under the one-line advice: the measurement reads the whole body
 * through the swing, times the tempo only from real-time video, and sees the whole shoulder turn only
 * from behind (the analysis page says the same after the fact).
 */
function FilmingTips({ downTheLine }: { downTheLine: boolean }) {
  return (
    <details className="an-how an-mt-sm" data-testid="filming-tips">
      <summary>How to film for the best reading</summary>
      <ul className="an-small an-tips">
        <li>Prop the phone up about 3-4 m away, so your whole body and the club at the top stay in the picture.</li>
        <li>Film in real time, at 60 frames a second if your phone offers it: a slow-motion video is measured, but its tempo cannot be timed.</li>
        <li>Start before you address the ball and keep filming until you hold your finish.</li>
        {downTheLine && <li>Add a down-the-line video (from behind your hands, along the target line): it measures your whole shoulder turn and your posture.</li>}
      </ul>
    </details>
  );
}

/** /upload: videos, club, tour comparison, age and optional launch-monitor numbers (section 2 and 5). */
export function UploadScreen() {
  const { user } = useAuth();
  const status = useUploadStatus(user?.id);
  if (!user || status.isLoading) {
    return (
      <div className="an-screen an-center">
        <Spinner size="lg" />
      </div>
    );
  }
  // Only when there is no status at all: a later read that fails (the refresh after a failed upload, with the
  // server down) keeps the form on the last status, and with it the videos and numbers the golfer entered.
  if (!status.data) {
    return (
      <div className="an-screen">
        <Card>
          {/* The error state every screen uses: an alert, so the failure is read out and not only drawn. */}
          <ErrorState title="Unable to load your upload status. Please try again." onRetry={() => void status.refetch()} />
        </Card>
      </div>
    );
  }
  if (uploadLimitReached(status.data)) return <UploadLimitGate status={status.data} />;
  return <UploadForm status={status.data} />;
}
