package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config names a bucket (and a folder in it) of an S3-compatible object
// store: AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph, ...
type S3Config struct {
	// Endpoint is the store's URL ("https://minio.internal:9000"); empty
	// means AWS S3. Its scheme decides TLS.
	Endpoint string
	// Region is the bucket's region; empty lets the client ask the store.
	Region string
	Bucket string
	// Prefix is the folder the files live in ("carta/media"), without
	// leading or trailing slashes; empty means the bucket's root.
	Prefix string
	// AccessKey and SecretKey (and SessionToken for temporary keys) sign the
	// requests; without them the instance's role is used (EC2, ECS, EKS).
	AccessKey, SecretKey, SessionToken string
	// PathStyle puts the bucket in the path (https://host/bucket/key), as
	// MinIO and most self-hosted stores want; otherwise the client picks
	// (virtual-hosted on AWS).
	PathStyle bool
	// Transport, when set, carries the requests (tests).
	Transport http.RoundTripper
}

// S3 stores files as objects of one bucket, under a prefix.
type S3 struct {
	core   minio.Core
	bucket string
	prefix string // "" or ends with "/"
}

var _ Storage = (*S3)(nil)

// NewS3 connects to the bucket of c and checks that it exists, so a
// wrong bucket, endpoint or key stops the start instead of the first
// upload.
func NewS3(ctx context.Context, c S3Config) (*S3, error) {
	if c.Bucket == "" {
		return nil, errors.New("media: S3 storage needs a bucket")
	}
	host, secure := "s3.amazonaws.com", true
	if c.Endpoint != "" {
		u, err := url.Parse(c.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return nil, fmt.Errorf("media: S3 endpoint %q must be an http(s) URL without a path", c.Endpoint)
		}
		host, secure = u.Host, u.Scheme == "https"
	}
	creds := credentials.NewIAM("")
	if c.AccessKey != "" {
		creds = credentials.NewStaticV4(c.AccessKey, c.SecretKey, c.SessionToken)
	}
	opts := &minio.Options{Creds: creds, Secure: secure, Region: c.Region, Transport: c.Transport}
	if c.PathStyle {
		opts.BucketLookup = minio.BucketLookupPath
	}
	core, err := minio.NewCore(host, opts)
	if err != nil {
		return nil, fmt.Errorf("media: S3 client: %w", err)
	}
	ok, err := core.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("media: S3 bucket %s at %s: %w", c.Bucket, host, err)
	}
	if !ok {
		return nil, fmt.Errorf("media: S3 bucket %s does not exist at %s", c.Bucket, host)
	}
	prefix := strings.Trim(c.Prefix, "/")
	if prefix != "" {
		prefix += "/"
	}
	return &S3{core: *core, bucket: c.Bucket, prefix: prefix}, nil
}

func (s *S3) key(name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("%w: %q", ErrBadName, name)
	}
	return s.prefix + name, nil
}

// Put uploads the file in one request with its MD5, so the store refuses
// a body damaged on the way; an object appears whole or not at all. The
// object carries the headers /media/ serves, for a CDN in front of the
// bucket.
func (s *S3) Put(ctx context.Context, name string, data []byte, contentType string) error {
	key, err := s.key(name)
	if err != nil {
		return err
	}
	_, err = s.core.Client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{
		ContentType:      contentType,
		CacheControl:     "public, max-age=31536000, immutable",
		SendContentMd5:   true,
		DisableMultipart: true,
	})
	if err != nil {
		return fmt.Errorf("media: put %s: %w", name, err)
	}
	return nil
}

// Open starts the download of the whole object, so a plain GET of /media/
// costs one request to the store; a seek elsewhere (a Range request)
// starts another from there.
func (s *S3) Open(ctx context.Context, name string) (io.ReadSeekCloser, error) {
	key, err := s.key(name)
	if err != nil {
		return nil, err
	}
	body, info, _, err := s.core.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("media: open %s: %w", name, s3Err(err))
	}
	return &s3File{s: s, ctx: ctx, key: key, size: info.Size, body: body}, nil
}

// Delete removes the object; S3 answers a missing one as deleted.
func (s *S3) Delete(ctx context.Context, name string) error {
	key, err := s.key(name)
	if err != nil {
		return err
	}
	if err := s.core.Client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		if errors.Is(s3Err(err), fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("media: delete %s: %w", name, err)
	}
	return nil
}

// s3Err wraps fs.ErrNotExist into the store's answer for a missing object.
func s3Err(err error) error {
	r := minio.ToErrorResponse(err)
	if r.Code == minio.NoSuchKey || r.StatusCode == http.StatusNotFound && r.Code != minio.NoSuchBucket {
		return fmt.Errorf("%w (%s)", fs.ErrNotExist, err.Error())
	}
	return err
}

// s3File reads an object as a ReadSeekCloser: http.ServeContent seeks to
// the end and back to learn the size (known from the first answer, no
// request), then reads; a read at another offset than the open body's
// closes it and asks for the rest from there.
type s3File struct {
	s       *S3
	ctx     context.Context
	key     string
	size    int64
	off     int64         // where the next Read starts
	body    io.ReadCloser // nil when closed
	bodyOff int64         // where body's next byte is
	closed  bool
}

func (f *s3File) Read(p []byte) (int, error) {
	if f.closed {
		return 0, fs.ErrClosed
	}
	if f.off >= f.size {
		return 0, io.EOF
	}
	if f.body == nil || f.bodyOff != f.off {
		if f.body != nil {
			_ = f.body.Close()
			f.body = nil
		}
		var opts minio.GetObjectOptions
		if err := opts.SetRange(f.off, 0); err != nil {
			return 0, err
		}
		body, _, _, err := f.s.core.GetObject(f.ctx, f.s.bucket, f.key, opts)
		if err != nil {
			return 0, fmt.Errorf("media: read %s: %w", f.key, s3Err(err))
		}
		f.body, f.bodyOff = body, f.off
	}
	n, err := f.body.Read(p)
	f.off += int64(n)
	f.bodyOff += int64(n)
	if err == io.EOF && f.off < f.size {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func (f *s3File) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += f.off
	case io.SeekEnd:
		offset += f.size
	default:
		return 0, errors.New("media: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("media: negative offset")
	}
	f.off = offset
	return offset, nil
}

func (f *s3File) Close() error {
	if f.closed {
		return nil
	}
	f.closed = true
	if f.body != nil {
		return f.body.Close()
	}
	return nil
}
