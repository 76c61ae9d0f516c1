/*
 * The Firestore emulator's handler of a browser's realtime channel (its Listen stream over
 * WebChannel), replacing the emulator's own in the shim JAR (emulators/config.ts). The
 * emulator's own only logs when a channel closes or fails: the stream's listen targets stay
 * registered for good, each queueing every change its query matches for a channel nobody reads,
 * and once 10,000 are queued every further change sets off a burst of failed sends (one page
 * left so, then 10,100 writes to the document it listened to: 204,299 failed sends). A browser
 * test run leaves a page behind at every navigation and close, and its emulator slowed until
 * browsers waited 30 s and more for a listener's answer. This one removes the stream's targets
 * when the channel closes or fails, as the SDK's own unlisten would (the same `removeTarget`
 * request), and otherwise does what the emulator's does. Compiled against the installed
 * emulator: where that fails, the shim runs the emulator unchanged.
 */
package com.google.cloud.datastore.emulator.firestore.webchannel;

import com.google.cloud.datastore.core.exception.DatastoreException;
import com.google.cloud.datastore.emulator.impl.firestore.CloudFirestoreV1ListenStream;
import com.google.cloud.datastore.emulator.impl.firestore.CloudFirestoreV1Router;
import com.google.cloud.datastore.emulator.impl.util.WrappedStreamObserver;
import com.google.firestore.v1.ListenRequest;
import com.google.firestore.v1.ListenResponse;
import com.google.net.webchannel.server.AsyncWebChannel;
import com.google.net.webchannel.server.ErrorStatus;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Named as the class it replaces (a nested class's binary name), found first on the classpath. */
final class FirestoreV1WebChannelAdapter$FirestoreListenHandler
    extends AsyncWebChannel.Handler<String> {
  private final CloudFirestoreV1ListenStream stream;
  /** The targets the client has added and not removed. */
  private final Set<Integer> targets = new HashSet<>();
  private String database = "";
  private boolean ended;

  /** Package-private, not private as the original: the emulator's classes are not its nestmates. */
  FirestoreV1WebChannelAdapter$FirestoreListenHandler(
      CloudFirestoreV1Router router, AsyncWebChannel<String> channel) {
    StreamObserver<ListenResponse> responses =
        new WrappedStreamObserver<>(
            new FirestoreV1WebChannelAdapter.WebChannelObserver<ListenResponse>(channel));
    try {
      stream = router.listenStream(responses);
    } catch (DatastoreException e) {
      throw new RuntimeException(e);
    }
  }

  @Override
  public void onMessage(String message) {
    ListenRequest request = JsonToProtoConverter.toListenRequest(message);
    synchronized (this) {
      if (ended) return;
      database = request.getDatabase();
      if (request.hasAddTarget()) targets.add(request.getAddTarget().getTargetId());
      if (request.getTargetChangeCase() == ListenRequest.TargetChangeCase.REMOVE_TARGET) {
        targets.remove(request.getRemoveTarget());
      }
    }
    stream.onNext(request);
  }

  @Override
  public void onClose() {
    end();
  }

  @Override
  public void onError(ErrorStatus status) {
    end();
  }

  @Override
  public void onMetadata(String key, String value) {}

  /** Removes what the client left: each target, as its own `removeTarget` would. */
  private void end() {
    List<Integer> open;
    synchronized (this) {
      if (ended) return;
      ended = true;
      open = new ArrayList<>(targets);
      targets.clear();
    }
    for (int target : open) {
      try {
        stream.onNext(
            ListenRequest.newBuilder().setDatabase(database).setRemoveTarget(target).build());
      } catch (RuntimeException e) {
        // The target is gone already.
      }
    }
  }
}
