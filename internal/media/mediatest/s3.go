package mediatest

import (
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// FakeS3 is an in-process S3-compatible server (gofakes3, in memory) with
// one empty bucket, for the tests of the S3 storage and of servers that
// use it. It accepts any access key.
type FakeS3 struct {
	Endpoint  string // http://127.0.0.1:port
	Bucket    string
	AccessKey string
	SecretKey string
}

// S3 starts a fake S3 server with the bucket "carta-test"; it stops when
// the test ends.
func S3(t testing.TB) FakeS3 {
	t.Helper()
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithLogger(gofakes3.DiscardLog())).Server())
	t.Cleanup(srv.Close)
	const bucket = "carta-test"
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	return FakeS3{Endpoint: srv.URL, Bucket: bucket, AccessKey: "test-access-key", SecretKey: "test-secret-key"}
}
